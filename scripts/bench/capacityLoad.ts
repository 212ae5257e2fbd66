// One load process of `npm run bench:capacity` (capacity.ts): whole schools through the night, time
// compressed. Parent → child (IPC): { run: LoadRun }. Child → parent: { ready }, then { done: LoadResult }.
// Each school is wholly in one load process, so a case's sender and the caretaker who gets it live
// share a clock.
import { io, type Socket } from 'socket.io-client';
import { XHR } from './measure';

export type SchoolLoad = { schoolId: string; supervisors: string[]; caretaker: string; admins: string[] };
export type LoadRun = { base: string; day: string; speed: number; durationMs: number; schools: SchoolLoad[] };
export type LoadResult = {
  /** Each request kind's times in ms. */
  times: Record<string, number[]>;
  errors: Record<string, number>;
  /** The answers that were not 2xx, by kind and status ('PUT /api/reports/my 409'); 'failed' when none came. */
  refusals: Record<string, number>;
  /** A case from its request to the caretaker's socket, ms. */
  deliveries: number[];
  /** Cases the server took that no caretaker got within 5 s of the end. */
  lost: number;
  requests: number;
};

const MINUTE = 60_000;
/**
 * A school's night hour, per person (114 requests): each supervisor saves the report every 2 min,
 * ticks a round every 10 and sends a case every 30; each admin reads the users and the sick list
 * every 10 min and adds a sick student every 30; the caretaker reads the open cases every 10 min
 * and completes each case as it arrives. 74% of it writes.
 */
const EVERY = {
  save: 2 * MINUTE,
  tick: 10 * MINUTE,
  case: 30 * MINUTE,
  officeRead: 10 * MINUTE,
  sick: 30 * MINUTE,
  caretakerRead: 10 * MINUTE,
};

const result: LoadResult = { times: {}, errors: {}, refusals: {}, deliveries: [], lost: 0, requests: 0 };

function failed(kind: string, status: number | 'failed'): null {
  result.errors[kind] = (result.errors[kind] ?? 0) + 1;
  result.refusals[`${kind} ${status}`] = (result.refusals[`${kind} ${status}`] ?? 0) + 1;
  return null;
}
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
const sentCases = new Map<string, number>();
let stopping = false;

async function call(base: string, kind: string, cookie: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const started = performance.now();
  result.requests += 1;
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      // A call without a body names no content type (Fastify refuses an empty JSON body).
      headers: body === undefined ? { 'x-requested-with': XHR['x-requested-with'], cookie } : { ...XHR, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    (result.times[kind] ??= []).push(performance.now() - started);
    if (!res.ok) return failed(kind, res.status);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return failed(kind, 'failed');
  }
}

/** `action` every `period` of the night (compressed by `speed`), from a random point in the first one. */
function every(period: number, speed: number, action: () => Promise<unknown>): void {
  const ms = period / speed;
  const first = setTimeout(() => {
    const tick = () => {
      if (!stopping) void action();
    };
    tick();
    timers.push(setInterval(tick, ms));
  }, Math.random() * ms);
  timers.push(first);
}

function connect(base: string, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: base, cookie } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    sockets.push(socket);
  });
}

async function startSchool(run: LoadRun, school: SchoolLoad, index: number): Promise<void> {
  const { base, day, speed } = run;
  const caretaker = await connect(base, school.caretaker);
  for (const cookie of school.supervisors) await connect(base, cookie);
  caretaker.on('maintenanceTasks.created', (task: { id: string; description: string }) => {
    const sent = sentCases.get(task.description);
    if (sent === undefined) return;
    sentCases.delete(task.description);
    result.deliveries.push(performance.now() - sent);
    void call(base, 'PUT /api/maintenance-tasks/:id/complete', school.caretaker, 'PUT', `/api/maintenance-tasks/${task.id}/complete`);
  });
  every(EVERY.caretakerRead, speed, () =>
    call(base, 'GET /api/maintenance-tasks', school.caretaker, 'GET', '/api/maintenance-tasks?status=pending'),
  );

  // Each board has read its supervisor's report (and so its version) before the night's writes.
  const versions = await Promise.all(
    school.supervisors.map(async (cookie) => {
      const res = await fetch(`${base}/api/reports/my?date=${day}`, { headers: { ...XHR, cookie } });
      return res.ok ? ((await res.json()) as { version: number }).version : 0;
    }),
  );
  school.supervisors.forEach((cookie, who) => {
    let version = versions[who] ?? 0;
    let ticked = false;
    let saving: Promise<unknown> = Promise.resolve();
    let cases = 0;
    // One person saves one text at a time: the next waits for the one before (as the app's outbox does).
    every(EVERY.save, speed, () => {
      saving = saving.then(async () => {
        const saved = (await call(base, 'PUT /api/reports/my', cookie, 'PUT', '/api/reports/my', {
          date: day,
          content: `Rolig kveld, runde ${Date.now()}`,
          baseVersion: version,
        })) as { version?: number } | null;
        if (typeof saved?.version === 'number') version = saved.version;
      });
      return saving;
    });
    every(EVERY.tick, speed, async () => {
      ticked = !ticked;
      await call(base, 'PUT /api/reports/my/tasks/:taskId', cookie, 'PUT', '/api/reports/my/tasks/3', { date: day, done: ticked });
    });
    every(EVERY.case, speed, async () => {
      const description = `Sak ${index}-${who}-${(cases += 1)} fra nattevakten`;
      sentCases.set(description, performance.now());
      const made = await call(base, 'POST /api/maintenance-tasks/submit', cookie, 'POST', '/api/maintenance-tasks/submit', {
        roomNumber: String(100 + who),
        description,
      });
      if (made === null) sentCases.delete(description);
    });
  });

  school.admins.forEach((cookie, who) => {
    let added = 0;
    every(EVERY.officeRead, speed, async () => {
      await call(base, 'GET /api/admin/users', cookie, 'GET', `/api/admin/users?schoolId=${school.schoolId}`);
      await call(base, 'GET /api/sick', cookie, 'GET', `/api/sick?date=${day}`);
    });
    every(EVERY.sick, speed, () =>
      call(base, 'POST /api/sick/add', cookie, 'POST', '/api/sick/add', { date: day, name: `Elev ${who}-${(added += 1)}`, comment: '' }),
    );
  });
}

async function runLoad(run: LoadRun): Promise<LoadResult> {
  // The schools' sockets first, a few at a time, then the night starts for all at once.
  for (let i = 0; i < run.schools.length; i += 20)
    await Promise.all(run.schools.slice(i, i + 20).map((school, j) => startSchool(run, school, i + j)));
  await new Promise((resolve) => setTimeout(resolve, run.durationMs));
  stopping = true;
  for (const timer of timers) clearTimeout(timer);
  // What is under way finishes; a case the server took reaches its caretaker within 5 s, or is lost.
  const deadline = performance.now() + 5_000;
  while (sentCases.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  result.lost = sentCases.size;
  for (const socket of sockets) socket.close();
  return result;
}

process.on('message', (message: { run?: LoadRun }) => {
  if (message.run)
    void runLoad(message.run).then(
      (done) => process.send?.({ done }),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
});
// The bench gone (stopped, or failed), this process goes too.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
