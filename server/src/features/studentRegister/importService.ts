import type { Types } from 'mongoose';
import { countNoun } from '#protocol/counting';
import { IMPORT_TEXTS, type ImportResult, type ImportUpload } from '#protocol/registerImport';
import { isDuplicateKey } from '../../db/duplicateKey';
import { trusted } from '../../db/trusted';
import { badRequest, conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';
import { ClassModel } from '../classes/model';
import { createClass } from '../classes/service';
import type { ColumnMapping } from './import/fields';
import type { ImportPreview } from './import/importPreview';
import { mapHeaders, mappingProblems } from './import/mapHeaders';
import { compareKey } from './import/normalize';
import { previewImport } from './import/previewImport';
import { readStudentFile } from './import/readStudentFile';
import type { RegisterStudent } from './import/registerStudent';
import type { StudentFileRow } from './import/studentFile';
import { StudentFileError } from './import/studentFileError';
import { RegisterImportLock, RegisterImportModel, type RegisterImportDoc } from './importModel';
import { RegisterStudentModel, type RegisterStudentDoc } from './model';
import { writeImport } from './writeImport';

/** An upload is kept this long for its preview and import. */
const IMPORT_KEPT_MS = 60 * 60 * 1000;
/** A lock older than this was left by an instance that stopped mid-import. */
const IMPORT_LOCK_MS = 2 * 60 * 1000;

/** The register and the school's classes as the preview compares a file with them. */
async function registerAndClasses(schoolId: Types.ObjectId) {
  const [docs, classes] = await Promise.all([
    RegisterStudentModel.of(schoolId).find({ schoolId }).lean<RegisterStudentDoc[]>(),
    ClassModel.of(schoolId).find({ schoolId }, { className: 1 }).lean<{ _id: Types.ObjectId; className: string }[]>(),
  ]);
  const nameOf = new Map(classes.map((c) => [c._id.toHexString(), c.className]));
  const register: RegisterStudent[] = docs.map((doc) => ({
    id: doc._id.toHexString(),
    externalId: doc.externalId ?? '',
    firstName: doc.firstName,
    lastName: doc.lastName,
    className: (doc.classId && nameOf.get(doc.classId.toHexString())) ?? '',
    house: doc.house ?? '',
    room: doc.room ?? '',
    boarder: doc.boarder ?? true,
    leftAt: doc.leftAt ?? null,
  }));
  const classIdOf = new Map(classes.map((c) => [compareKey(c.className), c._id]));
  return { register, classNames: classes.map((c) => c.className), classIdOf };
}

function checkedMapping(header: readonly string[], mapping: ColumnMapping): string[] {
  if (mapping.length !== header.length) throw badRequest(IMPORT_TEXTS.wrongWidth);
  return mappingProblems(mapping);
}

async function previewOf(schoolId: Types.ObjectId, rows: readonly StudentFileRow[], mapping: ColumnMapping) {
  const { register, classNames, classIdOf } = await registerAndClasses(schoolId);
  return { preview: previewImport(rows, mapping, register, classNames), classIdOf };
}

async function importRunning(schoolId: Types.ObjectId, now: Date): Promise<boolean> {
  return !!(await RegisterImportLock.of(schoolId).exists({
    _id: schoolId,
    since: trusted({ $gt: new Date(now.getTime() - IMPORT_LOCK_MS) }),
  }));
}

async function withImportLock<T>(schoolId: Types.ObjectId, now: Date, work: () => Promise<T>): Promise<T> {
  const locks = RegisterImportLock.of(schoolId);
  await locks.deleteOne({ _id: schoolId, since: trusted({ $lte: new Date(now.getTime() - IMPORT_LOCK_MS) }) });
  try {
    await locks.collection.insertOne({ _id: schoolId, since: now });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(IMPORT_TEXTS.busy);
    throw err;
  }
  try {
    return await work();
  } finally {
    await locks.deleteOne({ _id: schoolId });
  }
}

async function readOrRefuse(bytes: Buffer, fileName: string) {
  try {
    return await readStudentFile(bytes, fileName);
  } catch (err) {
    if (err instanceof StudentFileError) throw badRequest(err.message);
    throw err;
  }
}

/** Reads an uploaded file and keeps it for its preview and import; answers with the automatic mapping's preview. */
export async function uploadStudentFile(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  bytes: Buffer,
  fileName: string,
  now: Date,
): Promise<ImportUpload> {
  if (await importRunning(schoolId, now)) throw conflict(IMPORT_TEXTS.busy);
  const file = await readOrRefuse(bytes, fileName);
  const imports = RegisterImportModel.of(schoolId);
  await imports.deleteMany({ createdAt: trusted({ $lt: new Date(now.getTime() - IMPORT_KEPT_MS) }) });
  const stored = await RegisterImportModel.insert(schoolId, {
    schoolId,
    uploadedBy: actor._id,
    fileName,
    format: file.format,
    encoding: file.encoding ?? null,
    separator: file.separator ?? null,
    header: file.header,
    rows: file.rows,
  });
  const mapping = mapHeaders(file.header);
  const problems = mappingProblems(mapping);
  return {
    importId: stored._id.toHexString(),
    fileName,
    format: file.format,
    encoding: file.encoding ?? null,
    separator: file.separator ?? null,
    header: file.header,
    rowCount: file.rows.length,
    mapping,
    problems,
    preview: problems.length > 0 ? null : (await previewOf(schoolId, file.rows, mapping)).preview,
  };
}

async function storedImport(schoolId: Types.ObjectId, importId: string, now: Date): Promise<RegisterImportDoc> {
  const stored = await RegisterImportModel.of(schoolId)
    .findOne({ _id: importId, schoolId, createdAt: trusted({ $gte: new Date(now.getTime() - IMPORT_KEPT_MS) }) })
    .lean<RegisterImportDoc>();
  if (!stored) throw notFound(IMPORT_TEXTS.notFound);
  return stored;
}

const rowsOf = (stored: RegisterImportDoc): StudentFileRow[] => stored.rows.map((row) => ({ line: row.line ?? 0, cells: row.cells }));

/** The preview of an uploaded file with the columns mapped as the Admin chose. */
export async function previewStudentFile(
  schoolId: Types.ObjectId,
  importId: string,
  mapping: ColumnMapping,
  now: Date,
): Promise<{ mapping: ColumnMapping; problems: string[]; preview: ImportPreview | null }> {
  const stored = await storedImport(schoolId, importId, now);
  const problems = checkedMapping(stored.header, mapping);
  if (problems.length > 0) return { mapping, problems, preview: null };
  return { mapping, problems, preview: (await previewOf(schoolId, rowsOf(stored), mapping)).preview };
}

/**
 * Imports the file as previewed with the mapping: the classes the Admin chose created first, then
 * the new and changed students written, and the missing students chosen marked 'Sluttet'. One
 * import of a school at a time; the same file again changes nothing.
 */
export async function applyStudentFile(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  importId: string,
  choice: { mapping: ColumnMapping; createClasses: string[]; leftIds: string[]; leftAt?: string },
  realtime: Realtime,
  now: Date,
): Promise<ImportResult> {
  return withImportLock(schoolId, now, async () => {
    const stored = await storedImport(schoolId, importId, now);
    const rows = rowsOf(stored);
    const [problem] = checkedMapping(stored.header, choice.mapping);
    if (problem) throw badRequest(problem);
    if (choice.leftIds.length > 0 && !choice.leftAt) throw badRequest(IMPORT_TEXTS.leftAtNeeded);

    const wanted = new Set(choice.createClasses.map(compareKey));
    const toCreate = (await previewOf(schoolId, rows, choice.mapping)).preview.unknownClasses.filter((c) => wanted.has(compareKey(c.name)));
    for (const { name } of toCreate) await createClass(actor, schoolId, name, realtime);

    const { preview, classIdOf } = await previewOf(schoolId, rows, choice.mapping);
    const missing = new Set(preview.missing.map((student) => student.id));
    if (choice.leftIds.some((id) => !missing.has(id))) throw badRequest(IMPORT_TEXTS.notMissing);

    const left = await writeImport(schoolId, preview, classIdOf, { ids: choice.leftIds, on: choice.leftAt ?? '' });
    await RegisterImportModel.of(schoolId).deleteOne({ _id: stored._id });
    const result: ImportResult = {
      created: preview.created.length,
      changed: preview.changed.length,
      unchanged: preview.unchanged.length,
      left,
      refused: preview.refused.length,
      classesCreated: toCreate.length,
    };
    const detail = `${countNoun(result.created, 'ny', 'nye')}, ${result.changed} endret, ${result.left} sluttet, ${result.refused} avvist`;
    await audit(actor, 'register.imported', { id: stored._id, name: stored.fileName || 'Elevliste', schoolId, detail });
    if (result.created + result.changed + result.left > 0)
      realtime.toSchool(schoolId.toHexString(), 'registerEntries.imported', { at: now.toISOString() });
    return result;
  });
}
