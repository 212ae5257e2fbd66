// How many schools one instance carries through the night (issue 48): `npm run bench:capacity
// [-- --steps 50,100,200,300 --speed 10 --seconds 60 --loaders 2]`. The app runs compiled in a
// process of its own on the embedded database (or MONGODB_URI), the load in processes of their own
// (capacityLoad.ts); schools are added in steps, each step a compressed night of that many schools.
// Per step: every request kind's p50/p99, a case's live delivery p99, errors, lost cases, and the
// CPU and memory of the app, the engine and the load. Loopback only; bounded; stops by itself.
// `--profile`: a CPU profile of the app and of the engine over each step (stepProfiles.ts).
import mongoose, { type Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { reportDay } from '#protocol/time';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { forkScript, residentBytes } from './child';
import type { LoadResult, SchoolLoad } from './capacityLoad';
import { XHR } from './measure';
import { cpuSeconds } from './processCpu';
import { sessionCookie } from './sessionCookie';
import { ENGINE_PROFILE_ENV, PROFILE_DIR, inspectorUrl, startStepProfiler, type StepProfiler } from './stepProfiles';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const STEPS = arg('steps', '50,100,200,300').split(',').map(Number);
const SPEED = Number(arg('speed', '10'));
const SECONDS = Number(arg('seconds', '60'));
const LOADERS = Number(arg('loaders', '2'));
const GOAL_MS = 100;
const PROFILE = process.argv.includes('--profile');

/** A school with its night staff: two supervisors, a caretaker and two admins, each signed in. */
async function seedSchool(index: number, secret: string): Promise<SchoolLoad> {
  const name = `Kapasitetsskole ${index}`;
  const school = await School.create({ name, nameKey: schoolNameKey(name), active: true });
  const schoolId = school._id;
  await prepareSchoolDatabase(schoolId);
  const roles = ['Tilsynsvakt', 'Tilsynsvakt', 'Vaktmester', 'Admin', 'Admin'];
  const users = await UserModel.insertMany(
    roles.map((role, i) => ({
      name: `${role} ${i}`,
      email: `person${i}@kapasitet${index}.no`,
      passwordHash: 'ingen-innlogging-med-passord',
      role,
      status: 'approved',
      schoolId,
    })),
  );
  const cookie = (user: { _id: Types.ObjectId }) => sessionCookie(secret, user._id);
  return {
    schoolId: schoolId.toHexString(),
    supervisors: [await cookie(users[0]!), await cookie(users[1]!)],
    caretaker: await cookie(users[2]!),
    admins: [await cookie(users[3]!), await cookie(users[4]!)],
  };
}

/**
 * Each school's first writes before any step is timed: on the embedded engine a school's first write
 * to a collection creates its table, a cost of the school's first night, not of every night (the
 * first run's first step had p99 of 0.5–1 s from it).
 */
async function warmUp(base: string, schools: SchoolLoad[], day: string): Promise<void> {
  const send = async (cookie: string, method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers: { ...XHR, cookie }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`warm-up ${method} ${path}: ${res.status} ${await res.text()}`);
  };
  for (let i = 0; i < schools.length; i += 10)
    await Promise.all(
      schools.slice(i, i + 10).map(async (school) => {
        for (const cookie of school.supervisors) {
          await send(cookie, 'PUT', '/api/reports/my', { date: day, content: 'Kvelden begynner.' });
          await send(cookie, 'PUT', '/api/reports/my/tasks/1', { date: day, done: true });
        }
        await send(school.supervisors[0]!, 'POST', '/api/maintenance-tasks/submit', { roomNumber: '1', description: 'Første sak' });
        await send(school.admins[0]!, 'POST', '/api/sick/add', { date: day, name: 'Første elev', comment: '' });
      }),
    );
}

const percentile = (values: number[], q: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

type Step = {
  schools: number;
  requests: number;
  perSecond: number;
  kinds: Array<{ kind: string; count: number; p50: number; p99: number; errors: number }>;
  deliveryP99: number;
  deliveries: number;
  lost: number;
  errors: number;
  refusals: Record<string, number>;
  cpu: Record<'app' | 'engine' | 'load', number>;
  rssMb: Record<'app' | 'engine', number>;
};

async function runStep(base: string, day: string, schools: SchoolLoad[], pids: { app: number; engine?: number }): Promise<Step> {
  const loaders = await Promise.all(Array.from({ length: LOADERS }, () => forkScript('capacityLoad.ts')));
  const cpuOf = async (pid?: number) => (pid ? cpuSeconds(pid) : 0);
  const loadCpu = () => Promise.all(loaders.map((l) => cpuOf(l.process.pid))).then((all) => all.reduce((a, b) => a + b, 0));
  const before = { app: await cpuOf(pids.app), engine: await cpuOf(pids.engine), load: await loadCpu() };
  const started = performance.now();
  try {
    // The load processes go with the step, also when it fails (an app too busy to take their sockets).
    const results = await Promise.all(
      loaders.map((loader, i) =>
        loader.ask<LoadResult>(
          { run: { base, day, speed: SPEED, durationMs: SECONDS * 1000, schools: schools.filter((_, j) => j % LOADERS === i) } },
          'done',
        ),
      ),
    );
    const wall = (performance.now() - started) / 1000;
    const cpu = {
      app: ((await cpuOf(pids.app)) - before.app) / wall,
      engine: ((await cpuOf(pids.engine)) - before.engine) / wall,
      load: ((await loadCpu()) - before.load) / wall,
    };
    const rssMb = {
      app: (await residentBytes(pids.app)) / 2 ** 20,
      engine: pids.engine ? (await residentBytes(pids.engine)) / 2 ** 20 : 0,
    };
    const kindsSeen = [...new Set(results.flatMap((r) => Object.keys(r.times)))].sort();
    const kinds = kindsSeen.map((kind) => {
      const times = results.flatMap((r) => r.times[kind] ?? []);
      const errors = results.reduce((sum, r) => sum + (r.errors[kind] ?? 0), 0);
      return { kind, count: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), errors };
    });
    const deliveries = results.flatMap((r) => r.deliveries);
    const requests = results.reduce((sum, r) => sum + r.requests, 0);
    return {
      schools: schools.length,
      requests,
      perSecond: requests / wall,
      kinds,
      deliveryP99: percentile(deliveries, 0.99),
      deliveries: deliveries.length,
      lost: results.reduce((sum, r) => sum + r.lost, 0),
      errors: kinds.reduce((sum, k) => sum + k.errors, 0),
      refusals: results.reduce<Record<string, number>>((all, r) => {
        for (const [what, n] of Object.entries(r.refusals)) all[what] = (all[what] ?? 0) + n;
        return all;
      }, {}),
      cpu,
      rssMb,
    };
  } finally {
    for (const loader of loaders) loader.process.kill();
  }
}

function printStep(step: Step): void {
  const ms = (n: number) => n.toFixed(1);
  const perRequest = (cores: number) => ((cores * 1000) / step.perSecond).toFixed(2);
  console.log(
    `\n${step.schools} skoler, ${SPEED}× fart: ${step.requests} forespørsler (${step.perSecond.toFixed(1)}/s nådd av lasten), ` +
      `${step.errors} feil, ${step.deliveries} saker levert live (p99 ${ms(step.deliveryP99)} ms), ${step.lost} tapt`,
  );
  for (const k of step.kinds)
    console.log(
      `  ${k.kind.padEnd(42)} ${String(k.count).padStart(6)}  p50 ${ms(k.p50).padStart(7)} ms  p99 ${ms(k.p99).padStart(7)} ms  feil ${k.errors}`,
    );
  if (step.errors > 0)
    console.log(
      `  feil: ${Object.entries(step.refusals)
        .map(([what, n]) => `${what} ×${n}`)
        .join(', ')}`,
    );
  console.log(
    `  CPU (kjerner): app ${step.cpu.app.toFixed(2)}, motor ${step.cpu.engine.toFixed(2)}, last ${step.cpu.load.toFixed(2)}; ` +
      `CPU per forespørsel: app ${perRequest(step.cpu.app)} ms, motor ${perRequest(step.cpu.engine)} ms; ` +
      `minne: app ${step.rssMb.app.toFixed(0)} MB, motor ${step.rssMb.engine.toFixed(0)} MB`,
  );
}

// The engine inherits this process's environment: with it, it profiles on SIGUSR1/SIGUSR2.
if (PROFILE) process.env[ENGINE_PROFILE_ENV] = PROFILE_DIR;
const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_capacity_${Date.now()}`);
  await connectMongoose(databaseUri);
  const secret = randomBytes(32).toString('hex');
  const app = await startCompiledServer(benchAppEnv(databaseUri, secret), PROFILE ? ['--inspect=127.0.0.1:0'] : []);
  const profiler: StepProfiler | undefined = PROFILE ? await startStepProfiler(inspectorUrl(app.output()), engine.pid) : undefined;
  try {
    const most = Math.max(...STEPS);
    const seedStarted = performance.now();
    const schools: SchoolLoad[] = [];
    for (let i = 0; i < most; i++) schools.push(await seedSchool(i, secret));
    console.log(
      `${most} skoler med 5 påloggede ansatte hver lagt inn på ${((performance.now() - seedStarted) / 1000).toFixed(0)} s (${engine.name})`,
    );
    const day = reportDay(new Date());
    const warmStarted = performance.now();
    await warmUp(app.base, schools, day);
    console.log(`Hver skoles første skrivinger gjort før trinnene på ${((performance.now() - warmStarted) / 1000).toFixed(0)} s`);
    console.log(
      `Per skole og natt-time: 114 forespørsler (74 % skriving); ${SPEED}× fart, ${SECONDS} s per trinn, lasten i ${LOADERS} prosesser`,
    );
    const steps: Step[] = [];
    for (const count of STEPS) {
      try {
        await profiler?.start();
        const step = await runStep(app.base, day, schools.slice(0, count), { app: app.pid, engine: engine.pid });
        printStep(step);
        if (profiler) console.log(await profiler.stop(`${count}-${SPEED}x`));
        steps.push(step);
      } catch (error) {
        // The app could not even take the step's sockets: the larger steps would not either.
        console.log(`\n${count} skoler, ${SPEED}× fart: trinnet ble ikke fullført (${(error as Error).message})`);
        break;
      }
    }
    const within = steps.filter((s) => s.errors === 0 && s.lost === 0 && s.deliveryP99 < GOAL_MS && s.kinds.every((k) => k.p99 < GOAL_MS));
    const best = within.length ? Math.max(...within.map((s) => s.schools)) : 0;
    console.log(`\nFlest skoler med hver p99 under ${GOAL_MS} ms, 0 feil og 0 tapt: ${best} (${SPEED}× fart)`);
  } finally {
    profiler?.close();
    await app.stop();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
} finally {
  await engine.stop();
}
