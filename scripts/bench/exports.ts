import { Readable } from 'node:stream';
import { addDays, reportDay } from '#protocol/time';
import { hashPassword } from '../../server/src/core/accounts/passwords';
import { csvStream } from '../../server/src/features/exports/csv';
import { pdfStream } from '../../server/src/features/exports/pdf';
import type { ExportMeta, ExportRow } from '../../server/src/features/exports/rows';
import { xlsxStream } from '../../server/src/features/exports/xlsx';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { ReportModel } from '../../server/src/features/reports/model';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { measureExportResponsiveness, printResponsiveness, type ResponsivenessRun } from './exportResponsiveness';
import { cookieFor } from './seed';

const REPORTS = 2000;
const RUNS = 3;
const TEXT = 'Rolig kveld på internatet. Æsa og Øyvind på rommet kl. 22.30; «alle» i seng. '.repeat(5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}
const drain = async (stream: Readable) => {
  for await (const chunk of stream) void chunk;
};

const META: ExportMeta = {
  school: 'Eksport skole',
  period: 'periode',
  from: '2026-01-01',
  to: '2026-12-31',
  madeBy: 'Admin',
  madeAt: 'nå',
  rollCalls: [],
};

/** Same rows, same writers, no HTTP, no database: what the export costs at the least. */
async function bareExport(format: 'csv' | 'xlsx' | 'pdf', rows: ExportRow[]): Promise<void> {
  const source = () => Readable.from(rows);
  if (format === 'csv') return drain(csvStream(source()));
  if (format === 'xlsx') return drain(xlsxStream(source(), META));
  return drain(pdfStream(source(), META));
}

/** Exports of 2,000 reports against the same writers run bare, and how the server answers others meanwhile. */
export async function benchExports(base: string): Promise<{ lines: string[]; responsiveness: ResponsivenessRun[] }> {
  const passwordHash = await hashPassword('passord123');
  const school = await School.create({ name: 'Eksport skole', nameKey: schoolNameKey('Eksport skole'), active: true });
  // Five supervisors, one report each a day: 400 days.
  const authors = await UserModel.create(
    Array.from({ length: 5 }, (_, i) => ({
      name: `Tilsyn ${i}`,
      email: `tilsyn${i}@eksport.no`,
      role: 'Tilsynsvakt',
      status: 'approved',
      schoolId: school._id,
      passwordHash,
    })),
  );
  await UserModel.create({
    name: 'Admin',
    email: 'admin@eksport.no',
    role: 'Admin',
    status: 'approved',
    schoolId: school._id,
    passwordHash,
  });
  const to = reportDay(new Date());
  const from = addDays(to, -399);
  await prepareSchoolDatabase(school._id);
  await ReportModel.of(school._id).insertMany(
    Array.from({ length: REPORTS }, (_, i) => ({
      schoolId: school._id,
      authorUserId: authors[i % 5]!._id,
      authorName: authors[i % 5]!.name,
      date: addDays(from, Math.floor(i / 5)),
      content: TEXT,
      awayStudents: ['Per Ødegård', 'Åse'],
      taskTicks: [
        { id: `${i}-1`, taskId: '1', at: new Date() },
        { id: `${i}-3`, taskId: '3', at: new Date() },
      ],
    })),
  );
  const cookie = await cookieFor(base, 'admin@eksport.no');
  const rows: ExportRow[] = Array.from({ length: REPORTS }, (_, i) => ({
    day: '2026-03-01',
    date: '1. mars 2026',
    author: `Tilsyn ${i % 5}`,
    authorId: `${i % 5}`.padStart(24, '0'),
    tasks: 'Dobbelttellene elever, Tilsynsrunde internat',
    away: 'Per Ødegård, Åse',
    locked: 'Ja',
    text: TEXT,
    editedBy: '',
  }));

  const lines = [
    `\nExports of ${REPORTS} reports (median of ${RUNS}; bare = the same rows through the same writers, in process, without HTTP or the database)\n`,
  ];
  lines.push(`${'format'.padEnd(8)}${'app ms'.padStart(10)}${'bare ms'.padStart(10)}${'ratio'.padStart(8)}${'bytes'.padStart(10)}`);
  for (const format of ['csv', 'xlsx', 'pdf'] as const) {
    let bytes = 0;
    const app: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      app.push(
        await timed(async () => {
          const res = await fetch(`${base}/api/reports/export.${format}?from=${from}&to=${to}`, { headers: { cookie } });
          if (!res.ok) throw new Error(`export.${format}: ${res.status}`);
          bytes = (await res.arrayBuffer()).byteLength;
        }),
      );
      bare.push(await timed(() => bareExport(format, rows)));
    }
    lines.push(
      `${format.padEnd(8)}${median(app).toFixed(0).padStart(10)}${median(bare).toFixed(0).padStart(10)}${(median(app) / median(bare)).toFixed(2).padStart(8)}${String(bytes).padStart(10)}`,
    );
  }

  const responsiveness = await measureExportResponsiveness(base, cookie, cookie, `from=${from}&to=${to}`);
  lines.push(...printResponsiveness(responsiveness, REPORTS));
  return { lines, responsiveness };
}
