import type { ColumnMapping } from './fields';
import { isFormulaLike } from './formulaLike';
import type { FieldChange, ImportPreview } from './importPreview';
import { RegisterIndex } from './matchStudent';
import { compareKey, nameKey } from './normalize';
import type { RegisterStudent, StudentTextField, StudentValues } from './registerStudent';
import { type RowValues, rowValues } from './rowValues';
import type { StudentFileRow } from './studentFile';

const TEXT_FIELDS: StudentTextField[] = ['externalId', 'firstName', 'lastName', 'className', 'house', 'room'];

/**
 * The student a row makes of a register student: the file's value for each field it has a column
 * for (an empty cell empties the field), except that an empty Elevnummer never clears one, and an
 * empty or missing Internatelev leaves 'boarder' as it is.
 */
function merged(existing: RegisterStudent, read: RowValues): StudentValues {
  const fromFile = (field: StudentTextField) => {
    if (field === 'firstName' || field === 'lastName') return read.values[field];
    if (field === 'externalId') return read.values.externalId || existing.externalId;
    return read.mapped.has(field) ? read.values[field] : existing[field];
  };
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, fromFile(field)])) as Omit<StudentValues, 'boarder'>;
  return { ...text, boarder: read.boarder ?? existing.boarder };
}

function changesOf(existing: RegisterStudent, student: StudentValues): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of [...TEXT_FIELDS, 'boarder'] as const)
    if (existing[field] !== student[field]) changes.push({ field, from: existing[field], to: student[field] });
  // Named in the school's file again: back at the school.
  if (existing.leftAt !== null) changes.push({ field: 'leftAt', from: existing.leftAt, to: null });
  return changes;
}

const formulaLikeOf = (student: StudentValues) => TEXT_FIELDS.filter((field) => isFormulaLike(student[field]));

/**
 * What applying the file would do to the register, row by row, without changing anything. The
 * classes are the school's class names: a row naming another class is refused, and the class is
 * listed so the screen can offer to create it. Rows are matched as `RegisterIndex` says.
 */
export function previewImport(
  rows: readonly StudentFileRow[],
  mapping: ColumnMapping,
  register: readonly RegisterStudent[],
  schoolClasses: readonly string[],
): ImportPreview {
  const preview: ImportPreview = { created: [], changed: [], unchanged: [], missing: [], refused: [], unknownClasses: [] };
  const index = new RegisterIndex(register);
  const classes = new Map(schoolClasses.map((name) => [compareKey(name), name]));
  const unknownClasses = new Map<string, { name: string; lines: number[] }>();
  const lineOfId = new Map<string, number>();
  const lineOfName = new Map<string, number>();
  const lineOfStudent = new Map<string, number>();
  // Register students some row points at, even a refused one: never offered as 'Sluttet'.
  const named = new Set<string>();

  for (const { line, cells } of rows) {
    const refuse = (reason: ImportPreview['refused'][number]['reason'], message: string) => preview.refused.push({ line, reason, message });
    const read = rowValues(cells, mapping);
    if ('reason' in read) {
      refuse(read.reason, read.message);
      continue;
    }
    const { externalId, firstName, lastName } = read.values;
    const candidates = index.candidates(externalId, firstName, lastName);
    for (const candidate of candidates) named.add(candidate.id);

    const idKey = compareKey(externalId);
    const studentNameKey = nameKey(firstName, lastName);
    const earlier =
      (idKey === '' ? lineOfName.get(studentNameKey) : lineOfId.get(idKey)) ??
      (candidates.length === 1 && candidates[0] ? lineOfStudent.get(candidates[0].id) : undefined);
    if (earlier !== undefined) {
      refuse('duplicate', `Samme elev som på rad ${earlier}.`);
      continue;
    }
    if (idKey !== '') lineOfId.set(idKey, line);
    if (!lineOfName.has(studentNameKey)) lineOfName.set(studentNameKey, line);
    if (candidates.length > 1) {
      refuse('ambiguous', `Flere elever i registeret heter ${firstName} ${lastName}. Legg til elevnummer i filen, så de kan skilles.`);
      continue;
    }
    const existing = candidates.at(0);
    if (existing) lineOfStudent.set(existing.id, line);

    const className = read.values.className === '' ? '' : classes.get(compareKey(read.values.className));
    if (className === undefined) {
      const name = read.values.className;
      const unknown = unknownClasses.get(compareKey(name)) ?? { name, lines: [] };
      unknown.lines.push(line);
      unknownClasses.set(compareKey(name), unknown);
      refuse('unknownClass', `Klassen ${name} finnes ikke ennå.`);
      continue;
    }
    const withClass: RowValues = { ...read, values: { ...read.values, className } };

    if (!existing) {
      const student = { ...withClass.values, boarder: read.boarder ?? withClass.values.house !== '' };
      preview.created.push({ line, student, formulaLike: formulaLikeOf(student) });
      continue;
    }
    const student = merged(existing, withClass);
    const changes = changesOf(existing, student);
    if (changes.length === 0) preview.unchanged.push({ line, studentId: existing.id });
    else preview.changed.push({ line, studentId: existing.id, student, changes, formulaLike: formulaLikeOf(student) });
  }

  preview.missing = register
    .filter((student) => student.leftAt === null && !named.has(student.id))
    .map(({ id, firstName, lastName, className }) => ({ id, firstName, lastName, className }));
  preview.unknownClasses = [...unknownClasses.values()];
  return preview;
}
