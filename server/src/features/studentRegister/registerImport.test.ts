import { Types } from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_TEXTS, type ImportPreviewBody, type ImportResult, type ImportUpload } from '#protocol/registerImport';
import type { RegisterEntry, RegisterStudentRecord } from '#protocol/studentRegister';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';
import { MAX_FILE_BYTES } from './import/limits';
import { FILE_TOO_LARGE } from './import/studentFileError';
import { CLASSES, HEADER, studentRows, windows1252Csv, xlsxCells, xlsxOf, zipOf } from './import/testFiles';
import { RegisterImportLock, RegisterImportModel } from './importModel';
import { RegisterStudentModel } from './model';

/** Importing the register from the school's own files, over HTTP (issue 46). */
const clock = new TestClock();
clock.setOslo('2026-08-17', 10, 0);
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

const IMPORT = '/api/admin/register/import';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Problem = { message: string; code: string };
const bytes = (buffer: Buffer) => new Uint8Array(buffer);

async function uploaded(file: Buffer, name: string, type = 'application/octet-stream'): Promise<ImportUpload> {
  const res = await c.adminA.upload<ImportUpload>(`${IMPORT}?fileName=${encodeURIComponent(name)}`, bytes(file), type);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
  return res.body;
}
async function applied(upload: ImportUpload, extra: Record<string, unknown> = {}): Promise<ImportResult> {
  const res = await c.adminA.post<ImportResult>(`${IMPORT}/${upload.importId}/apply`, { mapping: upload.mapping, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const registerOfA = async () => (await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register?includeLeft=true')).body;
const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  console.log(`${what}: ${(performance.now() - start).toFixed(0)} ms`);
  return result;
};

describe('importing 1,000 students', () => {
  it('an .xlsx previews what will happen, creates the classes asked for, imports; the same students as a Windows-1252 CSV change nothing', async () => {
    const supervisor = await sockets.connectAs(fx.a.supervisor);
    const heard = record(supervisor.socket, ['registerEntries.imported', 'classes.created']);
    const xlsx = await xlsxOf([HEADER, ...xlsxCells(studentRows())]);
    const upload = await timed('upload and preview 1,000-row .xlsx', () => uploaded(xlsx, 'elever.xlsx', XLSX));
    expect(upload).toMatchObject({ format: 'xlsx', header: HEADER, rowCount: 1000, problems: [], fileName: 'elever.xlsx' });
    expect(upload.mapping).toEqual(['externalId', 'firstName', 'lastName', 'className', 'house', 'room', 'boarder']);
    const first = upload.preview as ImportPreviewBody;
    // No class exists yet: every row is refused for its class, and the classes are offered.
    expect(first.unknownClasses.map((u) => u.name).sort()).toEqual([...CLASSES].sort());
    expect(first.created).toEqual([]);
    expect(first.refused.find((r) => r.line === 501)).toEqual({ line: 501, reason: 'duplicate', message: 'Samme elev som på rad 2.' });
    expect(await RegisterStudentModel.of(fx.a.id).countDocuments()).toBe(0);

    const result = await timed('apply 1,000 rows', () => applied(upload, { createClasses: CLASSES }));
    expect(result).toEqual({ created: 999, changed: 0, unchanged: 0, left: 0, refused: 1, classesCreated: 5 });
    const register = await registerOfA();
    expect(register).toHaveLength(999);
    expect(register.find((s) => s.externalId === '10000')).toMatchObject({
      firstName: 'Åse',
      lastName: 'Ødegård',
      className: '1STA',
      house: 'Nordtun',
      room: '100',
      boarder: false,
    });
    await waitFor(() => heard.some((e) => e.event === 'registerEntries.imported'));
    expect(heard.filter((e) => e.event === 'classes.created')).toHaveLength(5);
    expect((await c.supervisorA.get<RegisterEntry[]>('/api/register/entries')).body).toHaveLength(999);

    const csv = windows1252Csv([HEADER, ...studentRows()]);
    const again = await timed('upload and preview the same students as CSV', () => uploaded(csv, 'elever.csv', 'text/csv'));
    expect(again).toMatchObject({ format: 'csv', encoding: 'windows-1252', separator: ';' });
    expect(again.preview?.unchanged).toHaveLength(999);
    expect([again.preview?.created, again.preview?.changed, again.preview?.missing]).toEqual([[], [], []]);
    const versions = register.map((s) => s.version);
    expect(await applied(again)).toEqual({ created: 0, changed: 0, unchanged: 999, left: 0, refused: 1, classesCreated: 0 });
    expect((await registerOfA()).map((s) => s.version)).toEqual(versions);
    const trail = (await c.adminA.get<{ action: string; targetName: string; detail: string }[]>('/api/admin/audit?kind=register')).body;
    expect(trail.slice(0, 2).map((e) => [e.targetName, e.detail])).toEqual([
      ['elever.csv', '0 nye, 0 endret, 0 sluttet, 1 avvist'],
      ['elever.xlsx', '999 nye, 0 endret, 0 sluttet, 1 avvist'],
    ]);
  });

  it('a changed file says what changes field by field; students it lacks are offered as Sluttet, never removed unless chosen', async () => {
    const moved = studentRows((i) => (i < 3 ? `B${i}` : String(100 + (i % 60)))).slice(0, -2);
    const upload = await uploaded(windows1252Csv([HEADER, ...moved]), 'elever.csv');
    const preview = upload.preview as ImportPreviewBody;
    expect(preview.changed.map((entry) => entry.changes)).toEqual(
      [0, 1, 2].map((i) => [{ field: 'room', from: String(100 + i), to: `B${i}` }]),
    );
    expect(preview.missing).toHaveLength(2);
    const gone = preview.missing.map((m) => m.id);

    const noDay = await c.adminA.post<Problem>(`${IMPORT}/${upload.importId}/apply`, { mapping: upload.mapping, leftIds: gone });
    expect(noDay.status).toBe(400);
    expect(noDay.body.message).toBe(IMPORT_TEXTS.leftAtNeeded);
    const notMissing = await c.adminA.post<Problem>(`${IMPORT}/${upload.importId}/apply`, {
      mapping: upload.mapping,
      leftIds: [preview.unchanged[0]?.studentId],
      leftAt: '2026-08-17',
    });
    expect(notMissing.body.message).toBe(IMPORT_TEXTS.notMissing);

    expect(await applied(upload, { leftIds: gone.slice(0, 1), leftAt: '2026-08-17' })).toMatchObject({ changed: 3, left: 1 });
    const register = await registerOfA();
    expect(register.filter((s) => s.leftAt === '2026-08-17').map((s) => s.id)).toEqual(gone.slice(0, 1));
    expect(register.find((s) => s.id === gone[1])?.leftAt).toBeNull();
    const entries = (await c.supervisorA.get<RegisterEntry[]>('/api/register/entries')).body.map((e) => e.id);
    expect(entries).not.toContain(gone[0]);
    expect(entries).toContain(gone[1]);
    // An import is used once.
    const twice = await c.adminA.post<Problem>(`${IMPORT}/${upload.importId}/apply`, { mapping: upload.mapping });
    expect(twice.status).toBe(404);
  });

  it('the columns can be mapped on the screen; a mapping that cannot work says why', async () => {
    const csv = Buffer.from('Kolonne1;Kolonne2;Kolonne3\r\nOla;Nordmann;Z9\r\n');
    const upload = await uploaded(csv, 'liste.csv');
    expect(upload.mapping).toEqual([null, null, null]);
    expect(upload.problems).toEqual(['Velg hvilke kolonner som har fornavn og etternavn, eller én kolonne med hele navnet.']);
    expect(upload.preview).toBeNull();
    const remapped = await c.adminA.post<{ problems: string[]; preview: ImportPreviewBody }>(`${IMPORT}/${upload.importId}/preview`, {
      mapping: ['firstName', 'lastName', 'room'],
    });
    expect(remapped.status).toBe(200);
    expect(remapped.body.problems).toEqual([]);
    expect(remapped.body.preview.created).toEqual([
      {
        line: 2,
        student: { externalId: '', firstName: 'Ola', lastName: 'Nordmann', className: '', house: '', room: 'Z9', boarder: false },
        formulaLike: [],
      },
    ]);
    const wrongWidth = await c.adminA.post<Problem>(`${IMPORT}/${upload.importId}/preview`, { mapping: ['firstName', 'lastName'] });
    expect([wrongWidth.status, wrongWidth.body.message]).toEqual([400, IMPORT_TEXTS.wrongWidth]);
    const badField = await c.adminA.post<Problem>(`${IMPORT}/${upload.importId}/preview`, { mapping: ['fornavn', null, null] });
    expect(badField.status).toBe(400);
    expect(badField.body.message).toContain('kolonnevalg');
  });
});

describe('what the import refuses', () => {
  it('bad files get a Norwegian message and nothing is stored', async () => {
    const before = await RegisterStudentModel.of(fx.a.id).countDocuments();
    const uploads = await RegisterImportModel.of(fx.a.id).countDocuments();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const formula = await xlsxOf([
      ['Fornavn', 'Etternavn', 'Navn'],
      ['Ola', 'Nordmann', { formula: 'A2&" "&B2', result: 'Ola Nordmann' }],
    ]);
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(20 * 1024 * 1024), 1000);
    const cases: Array<[Buffer, string, number, RegExp]> = [
      [png, 'elever.csv', 400, /^Filen er ikke et regneark/],
      [formula, 'elever.xlsx', 400, /^Regnearket har formler \(celle C2\)/],
      [bomb, 'elever.xlsx', 400, /^Regnearket pakker seg ut/],
      [Buffer.alloc(0), 'elever.csv', 400, /./],
      [Buffer.alloc(50 * 1024 * 1024, 'a'), 'elever.csv', 413, /^Filen er større enn 5 MB\./],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await c.adminA.upload<Problem>(`${IMPORT}?fileName=${name}`, bytes(file));
      expect(res.status, name).toBe(status);
      expect(res.body.message, name).toMatch(message);
    }
    expect((await c.adminA.upload<Problem>(`${IMPORT}?fileName=stor.csv`, bytes(Buffer.alloc(MAX_FILE_BYTES + 1, 'a')))).body.message).toBe(
      FILE_TOO_LARGE,
    );
    expect(MAX_FILE_BYTES).toBeLessThan(50 * 1024 * 1024);
    expect(await RegisterStudentModel.of(fx.a.id).countDocuments()).toBe(before);
    expect(await RegisterImportModel.of(fx.a.id).countDocuments()).toBe(uploads);
  });

  it('an upload or an import while another import of the school runs is refused; the other school is not held up', async () => {
    const csv = Buffer.from('Fornavn;Etternavn\r\nKari;Lås\r\n');
    const upload = await uploaded(csv, 'elever.csv');
    await RegisterImportLock.of(fx.a.id).collection.insertOne({ _id: new Types.ObjectId(fx.a.id), since: clock.now() });
    try {
      const busy = await c.adminA.upload<Problem>(`${IMPORT}?fileName=elever.csv`, bytes(csv));
      expect([busy.status, busy.body.message]).toEqual([409, IMPORT_TEXTS.busy]);
      const busyApply = await c.adminA.post<Problem>(`${IMPORT}/${upload.importId}/apply`, { mapping: upload.mapping });
      expect([busyApply.status, busyApply.body.message]).toEqual([409, IMPORT_TEXTS.busy]);
      expect((await c.adminB.upload(`${IMPORT}?fileName=elever.csv`, bytes(csv))).status).toBe(201);
      // A lock left by a stopped instance holds for two minutes only.
      clock.set(new Date(clock.now().getTime() + 121_000));
      expect((await c.adminA.upload(`${IMPORT}?fileName=elever.csv`, bytes(csv))).status).toBe(201);
    } finally {
      await RegisterImportLock.of(fx.a.id).deleteMany({});
    }
    // Two imports of one upload at once: one imports, the other is refused.
    const fresh = await uploaded(Buffer.from('Fornavn;Etternavn\r\nPer;Samtidig\r\n'), 'elever.csv');
    const both = await Promise.all([0, 1].map(() => c.adminA.post(`${IMPORT}/${fresh.importId}/apply`, { mapping: fresh.mapping })));
    expect(both.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect([404, 409]).toContain(both.map((r) => r.status).sort()[1]);
    expect((await registerOfA()).filter((s) => s.lastName === 'Samtidig')).toHaveLength(1);
  });

  it("who may: the school's Admin and the platform naming the school; not a Tilsynsvakt, a Vaktmester or another school", async () => {
    const csv = Buffer.from('Fornavn;Etternavn\r\nKari;Tilgang\r\n');
    await expectAccess(
      c,
      (x) => x.upload(`${IMPORT}?fileName=elever.csv`, bytes(csv)),
      refusedExcept({ platform: 400, adminB: 201, adminA: 201 }),
    );
    expect((await c.platform.upload(`${IMPORT}?fileName=elever.csv&schoolId=${fx.a.id}`, bytes(csv))).status).toBe(201);
    const ofA = await uploaded(csv, 'elever.csv');
    expect((await c.adminB.post(`${IMPORT}/${ofA.importId}/preview`, { mapping: ofA.mapping })).status).toBe(404);
    expect((await c.adminB.post(`${IMPORT}/${ofA.importId}/apply`, { mapping: ofA.mapping })).status).toBe(404);
    expect((await c.adminB.post(`${IMPORT}/${ofA.importId}/apply?schoolId=${fx.a.id}`, { mapping: ofA.mapping })).status).toBe(403);
    expect((await c.caretakerA.post(`${IMPORT}/${ofA.importId}/apply`, { mapping: ofA.mapping })).status).toBe(403);
    expect((await c.supervisorA.post(`${IMPORT}/${ofA.importId}/preview`, { mapping: ofA.mapping })).status).toBe(403);
    expect((await registerOfA()).filter((s) => s.lastName === 'Tilgang')).toEqual([]);
  });
});
