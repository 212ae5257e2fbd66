// Benchmarks the hot routes against a real server on the embedded database (or MONGODB_URI, server/src/db/engine.ts).
// The app runs as production runs it (compiled, plain node) in a process of its own, as do the bare
// servers it is compared with; this process seeds the data and is the clients.
// Usage: npm run bench [-- --requests 400 --concurrency 8 --schools 100 --writes 200 --rate 50]. Loopback only; bounded; stops by itself.
import mongoose from 'mongoose';
import { reportDay } from '#protocol/time';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { benchExports } from './exports';
import { EXPORT_GOALS } from './exportResponsiveness';
import { seedBenchData } from './seed';
import { XHR, measure, printTable, type Result } from './measure';
import { measureMyReportWrites } from './myReportWrites';
import { startCompiledServer } from '../../server/test/compiledServer';
import { seedOtherSchools } from './otherSchools';
import { measureReads, schoolReads, scaleRatios } from './schoolReads';
import { compareWithBare, printComparison } from './saturatedReads';
import { writeReport } from './report';
import { hashPassword } from '../../server/src/core/accounts/passwords';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { startRedis } from '../../server/test/redisServer';
import { benchFanout, dropBareStore } from './fanout';
import { benchRollCall, printRollCall } from './rollCall';
import { printSocketMemory } from './socketMemory';
import { measureHistoryReads, measureYearList, prepareHistorySchool, seedHistory, timeYearExport } from './history';
import { randomBytes } from 'node:crypto';
import { benchAppEnv } from './appEnv';
import { benchPush, PUSH_GOALS } from './push';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 400);
const CONCURRENCY = arg('concurrency', 8);
const OTHER_SCHOOLS = arg('schools', 100);
const WRITES = arg('writes', 200);
const WRITES_PER_SECOND = arg('rate', 50);

const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_${Date.now()}`);
  await connectMongoose(databaseUri);
  const sessionSecret = randomBytes(32).toString('hex');
  const benchEnv = benchAppEnv(databaseUri, sessionSecret);
  const app = await startCompiledServer(benchEnv);
  const base = app.base;
  const { supervisorCookies, adminCookie, caretakerCookie, supervisorEmail, schoolId } = await seedBenchData(base);
  const today = reportDay(new Date());

  const results: Result[] = [];
  results.push(
    await measure('GET /api/auth/me', REQUESTS, CONCURRENCY, (i) =>
      fetch(`${base}/api/auth/me`, { headers: { cookie: supervisorCookies[i % supervisorCookies.length]! } }),
    ),
  );
  // The supervisors' saves: each text on its writer's last version, a distinct supervisor per write
  // in flight while there are enough (myReportWrites.ts); then the rounds ticked and unticked.
  const reportWrites = await measureMyReportWrites(base, supervisorCookies, REQUESTS, CONCURRENCY, today);
  results.push(...reportWrites.results);
  results.push(
    await measure('GET /api/task-rounds', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}/api/task-rounds`, { headers: { cookie: adminCookie } }),
    ),
  );
  results.push(
    await measure('GET /api/reports/recent7', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}/api/reports/recent7`, { headers: { cookie: adminCookie } }),
    ),
  );
  results.push(
    await measure('GET /api/maintenance-tasks?status=pending', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}/api/maintenance-tasks?status=pending`, { headers: { cookie: caretakerCookie } }),
    ),
  );
  results.push(
    await measure('POST /api/auth/login (argon2id)', Math.min(REQUESTS, 100), Math.min(CONCURRENCY, 4), () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: XHR,
        body: JSON.stringify({ email: supervisorEmail, password: 'passord123' }),
      }),
    ),
  );
  // Registration of a taken address beside a new one (issue 28): the same steps, so the medians should match.
  const register = (email: (i: number) => string) => (i: number) =>
    fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: XHR,
      body: JSON.stringify({ schoolId, name: 'Benk Ny', email: email(i), password: 'et-langt-passord' }),
    });
  results.push(
    await measure(
      'POST /api/auth/register (address taken)',
      40,
      1,
      register(() => supervisorEmail),
    ),
  );
  results.push(
    await measure(
      'POST /api/auth/register (address new)',
      40,
      1,
      register((i) => `ny${i}.${Date.now()}@benk.no`),
    ),
  );
  const engineName = engine.name;
  printTable(results, { requests: REQUESTS, concurrency: CONCURRENCY, engine: engineName });
  console.log(
    reportWrites.shared
      ? `PUT /api/reports/my: ${CONCURRENCY} writers at once shared ${supervisorCookies.length} supervisors; ${reportWrites.conflicts} saves met another save of the same report (409 editConflict, among the failures)`
      : `PUT /api/reports/my: ${CONCURRENCY} writers at once, each a supervisor of its own; ${reportWrites.conflicts} edit conflicts`,
  );

  // The request path against a bare Fastify hello-world, loaded by autocannon in a process of its
  // own (saturatedReads.ts); then the same reads with other schools' data, against these.
  const cookies = { supervisor: supervisorCookies[0]!, admin: adminCookie, caretaker: caretakerCookie };
  const loadOptions = { connections: 32, seconds: 8 };
  const vsBare = await compareWithBare(base, app.pid, schoolReads(cookies), loadOptions);
  printComparison(vsBare, loadOptions);
  const alone = await measureReads(base, cookies, REQUESTS, CONCURRENCY);

  // A school's own five years beside its first week (issue 29), the supervisor saving every 100 ms.
  const history = await prepareHistorySchool(base);
  const historyWeek = await measureHistoryReads(base, history, REQUESTS, CONCURRENCY);
  let historyDocuments = await seedHistory(history, 8, 372);
  const yearListRequests = Math.max(20, Math.round(REQUESTS / 20));
  const yearListOneYear = await measureYearList(base, history, yearListRequests, CONCURRENCY);
  const exportOneYear = await timeYearExport(base, history);
  historyDocuments += await seedHistory(history, 373, 1832);
  const historyYears = await measureHistoryReads(base, history, REQUESTS, CONCURRENCY, ' (5 years)');
  const yearListFiveYears = await measureYearList(base, history, yearListRequests, CONCURRENCY, ' (5 years)');
  const exportFiveYears = await timeYearExport(base, history);
  printTable([...historyWeek, ...historyYears, yearListOneYear, yearListFiveYears], {
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    engine: engineName,
    history: `${historyDocuments} documents`,
  });
  const historyScale = { ...scaleRatios(historyWeek, historyYears), ...scaleRatios([yearListOneYear], [yearListFiveYears]) };
  printHistory('five years of its own history', historyScale);
  console.log(
    `A year's export (xlsx): ${exportOneYear.toFixed(0)} ms with one year of data, ${exportFiveYears.toFixed(0)} ms with five: ${(exportFiveYears / exportOneYear).toFixed(2)}× (goal ≤ 1.5×)`,
  );

  const seedStarted = performance.now();
  const documents = await seedOtherSchools(OTHER_SCHOOLS, await hashPassword('passord123'));
  console.log(
    `\nSeeded ${OTHER_SCHOOLS} other schools, ${documents} documents, in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  const crowded = await measureReads(base, cookies, REQUESTS, CONCURRENCY, ` (+${OTHER_SCHOOLS} schools)`);
  printTable([...alone, ...crowded], { requests: REQUESTS, concurrency: CONCURRENCY, engine: engineName });
  const historyCrowded = await measureHistoryReads(base, history, REQUESTS, CONCURRENCY, ` (5 years, +${OTHER_SCHOOLS} schools)`);
  const yearListCrowded = await measureYearList(base, history, yearListRequests, CONCURRENCY, ` (5 years, +${OTHER_SCHOOLS} schools)`);
  printTable([...historyCrowded, yearListCrowded], { requests: REQUESTS, concurrency: CONCURRENCY, engine: engineName });
  const historyCrowdedScale = { ...scaleRatios(historyWeek, historyCrowded), ...scaleRatios([yearListOneYear], [yearListCrowded]) };
  printHistory(`five years and ${OTHER_SCHOOLS} other schools`, historyCrowdedScale);

  // Live: the app's fan-out against a bare Socket.IO server; then two instances behind Redis.
  const redis = await startRedis();
  const [appA, appB] = [
    await startCompiledServer({ ...benchEnv, REDIS_URL: redis.url }),
    await startCompiledServer({ ...benchEnv, REDIS_URL: redis.url }),
  ];
  const redisPair = { a: appA.base, b: appB.base, redisUrl: redis.url };
  const benchSchool = (await School.findOne({ nameKey: schoolNameKey('Benk skole') }, { _id: 1 }).lean())!;
  const benchAdmin = (await UserModel.findOne({ email: 'admin@benk.no' }, { _id: 1 }).lean())!;
  const fanout = await benchFanout({
    base,
    sessionSecret,
    startFreshApp: (env) => startCompiledServer({ ...benchEnv, ...env }),
    benchSchoolId: benchSchool._id,
    adminId: benchAdmin._id,
    supervisorCookie: supervisorCookies[0]!,
    writes: WRITES,
    concurrency: CONCURRENCY,
    perSecond: WRITES_PER_SECOND,
    databaseUri,
    redisPair,
  });
  await appA.stop();
  await appB.stop();
  await redis.stop();

  const report = {
    engine: engineName,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    otherSchools: { schools: OTHER_SCHOOLS, documents },
    reportSaves: { supervisors: supervisorCookies.length, shared: reportWrites.shared, editConflicts: reportWrites.conflicts },
    goals: { dataScaleMax: 1.5, bareThroughputShareMin: 0.25, bareP99Max: 3 },
    dataScale: scaleRatios(alone, crowded),
    history: {
      documents: historyDocuments,
      goal: 1.5,
      fiveYears: historyScale,
      fiveYearsAndOtherSchools: historyCrowdedScale,
      yearExportMs: {
        oneYear: Math.round(exportOneYear),
        fiveYears: Math.round(exportFiveYears),
        ratio: Math.round((exportFiveYears / exportOneYear) * 100) / 100,
      },
    },
    // autocannon in its own process; against the faster of the two bare runs (one run of the same
    // server can be twice the other on these machines), with both servers' and the generator's CPU use.
    vsBareFastify: { load: loadOptions, ratios: vsBare.ratios, bare: vsBare.bare, reads: vsBare.reads },
    fanout,
    raw: [
      ...results,
      ...alone,
      ...crowded,
      ...historyWeek,
      ...historyYears,
      yearListOneYear,
      yearListFiveYears,
      ...historyCrowded,
      yearListCrowded,
    ],
  };
  const exportsRun = await benchExports(base);
  for (const line of exportsRun.lines) console.log(line);
  if (fanout.memoryPerIdleSocket) printSocketMemory(fanout.memoryPerIdleSocket);
  const pushRun = await benchPush({ base, sessionSecret, perSecond: WRITES_PER_SECOND });
  for (const line of pushRun.lines) console.log(line);
  const rollCall = await benchRollCall({ base, adminCookie, supervisorCookies, runs: 3 });
  printRollCall(rollCall);
  writeReport({
    ...report,
    rollCall,
    exportResponsiveness: { goals: EXPORT_GOALS, runs: exportsRun.responsiveness },
    push: { goals: PUSH_GOALS, ...pushRun.result },
  });

  await app.stop();
  await dropBareStore(databaseUri);
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
} finally {
  await engine.stop();
}

/** p50 and throughput of each read with the history against with a week, and whether it meets the 1.5× goal. */
function printHistory(label: string, scale: Record<string, { p50: number; p99: number; throughput: number; failures: number }>): void {
  console.log(`\nThe school's reads with ${label}, against one week (the year's list: against one year); goal: at most 1.5× slower:`);
  for (const [name, r] of Object.entries(scale)) {
    const worst = Math.max(r.p50, r.throughput);
    console.log(
      `  ${name.padEnd(42)} p50 ${r.p50.toFixed(2)}×  throughput ${r.throughput.toFixed(2)}×  p99 ${r.p99.toFixed(2)}×  ${worst <= 1.5 ? 'ok' : 'OVER'}`,
    );
  }
}
