// Web Push under load (issue 32): 200 caretaker devices across 100 schools, each case sent at a
// paced rate by a supervisor of one of them; this process is the supervisors and the push service
// (server/test/pushService.ts, on loopback: it checks the VAPID token and decrypts every message).
// Measured: from the case's request to its encrypted message received, per device; and the case
// request's own time to those schools against to schools where nobody is subscribed, in turns.
import type { Types } from 'mongoose';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { PushSubscriptionModel } from '../../server/src/features/push/model';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { forkScript, type Child } from './child';
import { XHR, ratio } from './measure';
import { sessionCookie } from './sessionCookie';

export const PUSH_GOALS = { deliveryP99Ms: 100, lost: 0, caseP99Ratio: 1.1 } as const;

type Quantiles = { n: number; p50: number; p99: number; max: number };
export type PushBench = {
  schools: number;
  devices: number;
  perSecond: number;
  phases: number;
  casesPerPhase: number;
  delivery: Quantiles & { expected: number; lost: number };
  caseRequest: { withPush: Quantiles; withoutPush: Quantiles; p99Ratio: number };
};

type Setup = {
  base: string;
  sessionSecret: string;
  schools?: number;
  devicesPerSchool?: number;
  perSecond?: number;
  casesPerPhase?: number;
  phases?: number;
};
type School = { cookie: string };
type Device = { endpoint: string; keys: { p256dh: string; auth: string } };
/** What the push service received: each message's body (the case's first line) and when. */
type Received = { messages: Array<[string, number]>; refused: number };

const now = () => performance.timeOrigin + performance.now();

function quantiles(values: number[]): Quantiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

/**
 * Schools with a supervisor (signed in) and caretakers; with `subscribed`, each caretaker's device
 * is subscribed at the push service (written before the app has read any of them).
 */
async function seedPushSchools(
  service: Child,
  sessionSecret: string,
  schools: number,
  devicesPerSchool: number,
  subscribed: boolean,
): Promise<School[]> {
  const made: School[] = [];
  const label = subscribed ? 'Varselskole' : 'Stille skole';
  for (let i = 0; i < schools; i++) {
    const name = `${label} ${i + 1}`;
    const school = await School.create({ name, nameKey: schoolNameKey(name), active: true });
    await prepareSchoolDatabase(school._id);
    const key = `${subscribed ? 'v' : 's'}${i}`;
    const user = (role: string, k: number) => ({
      name: `${role} ${key}.${k}`,
      email: `${role.toLowerCase()}.${key}.${k}@varsel.no`,
      passwordHash: 'ikke-i-bruk',
      role,
      status: 'approved',
      schoolId: school._id,
    });
    const [supervisor, ...caretakers] = await UserModel.insertMany([
      user('Tilsynsvakt', 0),
      ...Array.from({ length: devicesPerSchool }, (_, k) => user('Vaktmester', k + 1)),
    ]);
    if (subscribed) {
      const devices = await service.ask<Device[]>(
        { devices: { labels: caretakers.map((caretaker) => `${name} ${caretaker.name}`) } },
        'devices',
      );
      await PushSubscriptionModel.insertMany(
        caretakers.map((caretaker, k) => {
          const device = devices[k]!;
          return {
            endpoint: device.endpoint,
            p256dh: device.keys.p256dh,
            auth: device.keys.auth,
            userId: caretaker._id,
            schoolId: school._id as Types.ObjectId,
            device: null,
            newCases: false,
          };
        }),
      );
    }
    made.push({ cookie: await sessionCookie(sessionSecret, supervisor!._id) });
  }
  return made;
}

export async function benchPush(setup: Setup): Promise<{ lines: string[]; result: PushBench }> {
  const { base, sessionSecret, schools = 100, devicesPerSchool = 2, perSecond = 50, casesPerPhase = 300, phases = 6 } = setup;
  const service = await forkScript('pushServiceProcess.ts');
  const received = () => service.ask<Received>({ received: true }, 'received');
  /** Waits until `count` messages have arrived, or `timeoutMs` has passed. */
  const arrived = async (count: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while ((await received()).messages.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  try {
    // Cases to schools whose caretakers are subscribed, and to as many schools where nobody is: the
    // same app, the same data, with notifications or without, in turns.
    const notified = await seedPushSchools(service, sessionSecret, schools, devicesPerSchool, true);
    const quiet = await seedPushSchools(service, sessionSecret, schools, devicesPerSchool, false);
    const sentAt = new Map<string, number>();
    const caseTimes = { withPush: [] as number[], withoutPush: [] as number[] };
    let expected = 0;

    const sendCase = async (label: string, school: School): Promise<number> => {
      const started = performance.now();
      sentAt.set(label, now());
      const res = await fetch(`${base}/api/maintenance-tasks/submit`, {
        method: 'POST',
        headers: { ...XHR, cookie: school.cookie },
        body: JSON.stringify({ roomNumber: '214', description: label }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`case: ${res.status}`);
      return performance.now() - started;
    };
    /** `count` cases on a clock (open loop: sent when due, whatever the answers), round the schools. */
    const paced = async (phase: string, count: number, to: School[]): Promise<number[]> => {
      const started = performance.now();
      const inFlight: Array<Promise<number>> = [];
      for (let i = 0; i < count; i++) {
        const due = started + (i * 1000) / perSecond;
        if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        inFlight.push(sendCase(`Benk ${phase}-${i}`, to[i % to.length]!));
      }
      return Promise.all(inFlight);
    };

    // Warm-up (the JIT, the connections to the push service, each school's first read), untimed.
    const warmUp = Math.min(100, casesPerPhase);
    await paced('oppvarming', warmUp, notified);
    await paced('oppvarming stille', warmUp, quiet);
    await arrived(warmUp * devicesPerSchool, 30_000);
    await service.ask({ forget: true }, 'forget');
    sentAt.clear();

    // In turns, ABBA: what the shared machine does meanwhile falls on both sides alike.
    for (let phase = 0; phase < phases; phase++) {
      const withPush = (phase % 2 === 0) === (Math.floor(phase / 2) % 2 === 0);
      const times = await paced(`${phase}`, casesPerPhase, withPush ? notified : quiet);
      (withPush ? caseTimes.withPush : caseTimes.withoutPush).push(...times);
      if (withPush) {
        expected += casesPerPhase * devicesPerSchool;
        await arrived(expected, 10_000);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { messages, refused } = await received();
    const latencies = messages.map(([body, at]) => at - sentAt.get(body)!);
    const delivery = { ...quantiles(latencies), expected, lost: expected - latencies.length };
    const caseRequest = { withPush: quantiles(caseTimes.withPush), withoutPush: quantiles(caseTimes.withoutPush), p99Ratio: 0 };
    caseRequest.p99Ratio = ratio(caseRequest.withPush.p99, caseRequest.withoutPush.p99);
    const result: PushBench = { schools, devices: schools * devicesPerSchool, perSecond, phases, casesPerPhase, delivery, caseRequest };
    return { lines: printPush(result, refused), result };
  } finally {
    const exited = new Promise((resolve) => service.process.once('exit', resolve));
    service.process.send({ close: true });
    await exited;
  }
}

function printPush(r: PushBench, refused: number): string[] {
  const ms = (value: number) => value.toFixed(1);
  const met = r.delivery.p99 <= PUSH_GOALS.deliveryP99Ms && r.delivery.lost === 0 && r.caseRequest.p99Ratio <= PUSH_GOALS.caseP99Ratio;
  return [
    `\nWeb Push: ${r.devices} caretaker devices across ${r.schools} schools; cases at ${r.perSecond}/s from their supervisors, ${r.phases} phases of ${r.casesPerPhase} in turns (ABBA): to those schools, and to ${r.schools} schools where nobody is subscribed`,
    `  case request → its encrypted message at the loopback push service (${r.delivery.n} messages): p50 ${ms(r.delivery.p50)} ms, p99 ${ms(r.delivery.p99)} ms, max ${ms(r.delivery.max)} ms; lost ${r.delivery.lost} of ${r.delivery.expected}; refused by the push service ${refused}`,
    `  POST /api/maintenance-tasks/submit: with push p50 ${ms(r.caseRequest.withPush.p50)} / p99 ${ms(r.caseRequest.withPush.p99)} ms (n ${r.caseRequest.withPush.n}), without p50 ${ms(r.caseRequest.withoutPush.p50)} / p99 ${ms(r.caseRequest.withoutPush.p99)} ms (n ${r.caseRequest.withoutPush.n}): p99 ${r.caseRequest.p99Ratio}×`,
    met
      ? `Goal met: delivery p99 ≤ ${PUSH_GOALS.deliveryP99Ms} ms, 0 lost, the case request's p99 ≤ ${PUSH_GOALS.caseP99Ratio}× without push.`
      : `Goal NOT met: delivery p99 ≤ ${PUSH_GOALS.deliveryP99Ms} ms (${ms(r.delivery.p99)}), 0 lost (${r.delivery.lost}), case p99 ≤ ${PUSH_GOALS.caseP99Ratio}× (${r.caseRequest.p99Ratio}×).`,
  ];
}
