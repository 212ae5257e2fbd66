import type { ImportPreview } from './importPreview';
import type { RegisterStudent } from './registerStudent';

/**
 * The register after a preview is applied, in memory: what writing it to the database must come
 * to. `newId` names each created student; `leftAt` marks the missing students the Admin chose as
 * 'Sluttet' (by id) with that day.
 */
export function applyPreview(
  register: readonly RegisterStudent[],
  preview: ImportPreview,
  options: { newId: () => string; left?: { ids: readonly string[]; on: string } },
): RegisterStudent[] {
  const changed = new Map(preview.changed.map((entry) => [entry.studentId, entry.student]));
  const left = new Set(options.left?.ids ?? []);
  const updated = register.map((student): RegisterStudent => {
    const values = changed.get(student.id);
    if (values) return { ...student, ...values, leftAt: null };
    if (left.has(student.id) && student.leftAt === null) return { ...student, leftAt: options.left?.on ?? null };
    return student;
  });
  const created = preview.created.map(({ student }) => ({ ...student, id: options.newId(), leftAt: null }));
  return [...updated, ...created];
}
