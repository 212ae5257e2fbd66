// What a whole year's export costs the server in memory (issue 45): `npm run bench:export-memory`.
// The compiled app in a process of its own on the embedded database, a school of five supervisors
// who each wrote every night for 366 days; the app's resident memory (VmRSS, export workers
// included: they are threads of the same process) sampled every 10 ms while each format downloads.
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addDays, reportDay } from '#protocol/time';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { hashPassword } from '../../server/src/core/accounts/passwords';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { ReportModel } from '../../server/src/features/reports/model';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { cookieFor } from './seed';

const SUPERVISORS = 5;
const DAYS = 366;
/** About 700 characters: a long evening's report. */
const TEXT = 'Rolig kveld på internatet. Æsa og Øyvind på rommet kl. 22.30; «alle» i seng. Ola (syk) fikk te. '.repeat(7);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function seed(): Promise<{ from: string; to: string }> {
  const passwordHash = await hashPassword('passord123');
  const school = await School.create({ name: 'Minne skole', nameKey: schoolNameKey('Minne skole'), active: true });
  const authors = await UserModel.create(
    Array.from({ length: SUPERVISORS }, (_, i) => ({
      name: `Tilsyn ${i}`,
      email: `tilsyn${i}@minne.no`,
      role: 'Tilsynsvakt',
      status: 'approved',
      schoolId: school._id,
      passwordHash,
    })),
  );
  await UserModel.create({ name: 'Admin', email: 'admin@minne.no', role: 'Admin', status: 'approved', schoolId: school._id, passwordHash });
  const to = reportDay(new Date());
  const from = addDays(to, -(DAYS - 1));
  await prepareSchoolDatabase(school._id);
  await ReportModel.of(school._id).insertMany(
    Array.from({ length: SUPERVISORS * DAYS }, (_, i) => {
      const date = addDays(from, Math.floor(i / SUPERVISORS));
      return {
        schoolId: school._id,
        authorUserId: authors[i % SUPERVISORS]!._id,
        authorName: authors[i % SUPERVISORS]!.name,
        date,
        content: TEXT,
        awayStudents: ['Per Ødegård', 'Åse'],
        taskTicks: ['1', '2', '3', '4', '5', '6'].map((taskId, t) => ({
          id: `${i}-${t}`,
          taskId,
          at: new Date(`${date}T19:${10 + t}:00Z`),
        })),
      };
    }),
  );
  return { from, to };
}

const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_export_memory_${Date.now()}`);
  await connectMongoose(databaseUri);
  const app = await startCompiledServer(benchAppEnv(databaseUri, randomBytes(32).toString('hex')));
  try {
    const { from, to } = await seed();
    const cookie = await cookieFor(app.base, 'admin@minne.no');
    const download = async (format: string) => {
      const res = await fetch(`${app.base}/api/reports/export.${format}?from=${from}&to=${to}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`export.${format}: ${res.status}`);
      return (await res.arrayBuffer()).byteLength;
    };
    // A first export of each starts the worker and loads its code: measured after, as a server runs.
    for (const format of ['csv', 'xlsx', 'pdf']) await download(format);
    console.log(
      `\nA year's export: ${SUPERVISORS * DAYS} reports (${SUPERVISORS} supervisors, ${DAYS} days, ~${TEXT.length} characters each)\n`,
    );
    console.log(
      `${'format'.padEnd(8)}${'ms'.padStart(8)}${'bytes'.padStart(12)}${'RSS before MB'.padStart(15)}${'peak MB'.padStart(10)}${'added MB'.padStart(10)}`,
    );
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const before = rssMb(app.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 10);
      const t0 = performance.now();
      const bytes = await download(format);
      const ms = performance.now() - t0;
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(app.pid));
      console.log(
        `${format.padEnd(8)}${ms.toFixed(0).padStart(8)}${String(bytes).padStart(12)}${before.toFixed(0).padStart(15)}${peak.toFixed(0).padStart(10)}${(peak - before).toFixed(0).padStart(10)}`,
      );
    }
  } finally {
    await app.stop();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
} finally {
  await engine.stop();
}
