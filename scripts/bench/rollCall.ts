// A roll call at a whole school's size (issue 47): 600 boarders in 10 houses, counted by 10 phones
// at once, each marking a student of its house every 200 ms over REST; every mark must reach the
// 10 phones' sockets. The app against a bare Socket.IO server relaying the same marks to the same
// 10 sockets, in turns. Printed: p50/p99 from a mark's request to its arrival on the phones, marks
// lost, and what the load generator reached.
import { reportDay } from '#protocol/time';
import { forkScript, type Child } from './child';
import { XHR, ratio } from './measure';
import type { Target } from './socketClients';

const HOUSES = 10;
const PER_HOUSE = 60;
const DEVICES = 10;
const MARK_EVERY_MS = 200;

type Student = { id: string; house: string };
type Side = { name: string; mark: (student: Student, rollCallId: string) => Promise<Response> };
export type RollDelivery = { p50: number; p99: number; max: number; lost: number; marksPerSecond: number };

/** The school's register: 600 boarders in 10 houses, rooms of four. */
async function seedRegister(base: string, adminCookie: string): Promise<Student[]> {
  const students: Student[] = [];
  for (let h = 0; h < HOUSES; h++) {
    for (let i = 0; i < PER_HOUSE; i++) {
      const house = `Hus ${h + 1}`;
      const res = await fetch(`${base}/api/admin/register/students`, {
        method: 'POST',
        headers: { ...XHR, cookie: adminCookie },
        body: JSON.stringify({ firstName: `Elev ${i}`, lastName: house, house, room: String(100 + Math.floor(i / 4)) }),
      });
      if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
      students.push({ id: ((await res.json()) as { id: string }).id, house });
    }
  }
  return students;
}

/** One roll counted: each phone marks its house's students, one every 200 ms, all ten at once. */
async function countOnce(clients: Child, students: Student[], rollCallId: string, side: Side): Promise<RollDelivery> {
  await clients.ask({ reset: true }, 'reset');
  const sentAt = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DEVICES }, async (_, d) => {
      const mine = students.filter((s) => s.house === `Hus ${d + 1}`);
      const inFlight: Promise<void>[] = [];
      for (const [i, student] of mine.entries()) {
        const due = started + i * MARK_EVERY_MS + (d * MARK_EVERY_MS) / DEVICES;
        if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        sentAt.set(student.id, performance.timeOrigin + performance.now());
        inFlight.push(
          side.mark(student, rollCallId).then(async (res) => {
            if (!res.ok) throw new Error(`${side.name} mark: ${res.status} ${await res.text()}`);
            await res.arrayBuffer();
          }),
        );
      }
      await Promise.all(inFlight);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const received = await clients.ask<[string, number][]>({ report: true }, 'received');
  const latencies = received.map(([id, at]) => at - sentAt.get(id)!).sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return {
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1) ?? NaN,
    lost: students.length * DEVICES - latencies.length,
    marksPerSecond: students.length / seconds,
  };
}

const urlOf = (child: Child) => `http://127.0.0.1:${String(child.first.port)}`;

export type RollCallSetup = { base: string; adminCookie: string; supervisorCookies: string[]; runs: number };

/** Runs `runs` rolls on the app and as many on the bare relay, in turns; each side's deliveries. */
export async function benchRollCall({ base, adminCookie, supervisorCookies, runs }: RollCallSetup) {
  const students = await seedRegister(base, adminCookie);
  const clients = await forkScript('socketClients.ts');
  const bareChild = await forkScript('bareSocketServer.ts');
  const bareUrl = urlOf(bareChild);
  const listen = { listen: true, event: 'rollCalls.marked', key: 'studentId' };
  const cookieOf = (d: number) => supervisorCookies[d % supervisorCookies.length]!;
  const appTargets: Target[] = Array.from({ length: DEVICES }, (_, d) => ({ url: base, cookie: cookieOf(d), ...listen }));
  const bareTargets: Target[] = Array.from({ length: DEVICES }, (_, d) => ({
    url: bareUrl,
    cookie: cookieOf(d),
    query: { room: 'roll' },
    ...listen,
  }));
  await clients.ask({ connect: [...appTargets, ...bareTargets] }, 'connected');

  const date = reportDay(new Date());
  const app: Side = {
    name: 'app',
    mark: (student, rollCallId) =>
      fetch(`${base}/api/roll-calls/${rollCallId}/marks/${student.id}`, {
        method: 'PUT',
        headers: { ...XHR, cookie: cookieOf(Number(student.house.slice(4)) - 1) },
        body: JSON.stringify({ state: 'present' }),
      }),
  };
  // The same mark as the app sends it to the phones, relayed as it comes.
  const bare: Side = {
    name: 'bare',
    mark: (student, rollCallId) =>
      fetch(`${bareUrl}/emit?room=roll&event=rollCalls.marked`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          rollCallId,
          schoolId: 'b'.repeat(24),
          date,
          studentId: student.id,
          state: 'present',
          byName: 'Tilsyn 0',
          at: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        }),
      }),
  };
  const startRoll = async () => {
    const res = await fetch(`${base}/api/roll-calls`, {
      method: 'POST',
      headers: { ...XHR, cookie: cookieOf(0) },
      body: JSON.stringify({ date }),
    });
    return ((await res.json()) as { id: string }).id;
  };
  const finishRoll = (id: string) =>
    fetch(`${base}/api/roll-calls/${id}/finish`, {
      method: 'POST',
      headers: { ...XHR, cookie: cookieOf(0) },
      body: JSON.stringify({ note: 'Benk' }),
    });

  // A first roll on each side, not measured: neither is timed cold.
  const warmId = await startRoll();
  await countOnce(clients, students.slice(0, 120), warmId, app);
  await finishRoll(warmId);
  await countOnce(clients, students.slice(0, 120), warmId, bare);

  const results: { app: RollDelivery; bare: RollDelivery }[] = [];
  for (let run = 0; run < runs; run++) {
    const id = await startRoll();
    const appFirst = run % 2 === 0;
    const first = await countOnce(clients, students, id, appFirst ? app : bare);
    const second = await countOnce(clients, students, id, appFirst ? bare : app);
    await finishRoll(id);
    results.push(appFirst ? { app: first, bare: second } : { app: second, bare: first });
  }
  await clients.ask({ close: true }, 'closed');
  clients.process.kill();
  bareChild.process.kill();
  return {
    students: students.length,
    devices: DEVICES,
    marksPerSecondAsked: (DEVICES * 1000) / MARK_EVERY_MS,
    runs: results.map(({ app, bare }) => ({ app, bare, p99VsBare: ratio(app.p99, bare.p99) })),
  };
}

export function printRollCall(result: Awaited<ReturnType<typeof benchRollCall>>): void {
  const line = (name: string, d: RollDelivery) =>
    `    ${name.padEnd(26)} p50 ${d.p50.toFixed(1).padStart(6)} ms  p99 ${d.p99.toFixed(1).padStart(6)} ms  max ${d.max.toFixed(1).padStart(6)} ms  ${d.marksPerSecond.toFixed(1).padStart(5)} marks/s  lost ${d.lost}`;
  console.log(
    `Roll call: ${result.students} students in ${HOUSES} houses, ${result.devices} phones marking (${result.marksPerSecondAsked} marks/s asked), each mark to ${result.devices} sockets`,
  );
  for (const [i, run] of result.runs.entries()) {
    console.log(`  Run ${i + 1}:`);
    console.log(line('app', run.app));
    console.log(line('bare Socket.IO relay', run.bare));
    console.log(`    app vs bare: p99 ${run.p99VsBare}×`);
  }
}
