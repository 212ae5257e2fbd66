import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRoute } from '../test/apiRoutes';
import { seedFixture, type Fixture } from '../test/fixtures';
import type { ApiClient } from '../test/httpClient';
import { signedIn } from '../test/sessions';
import { startTestServer, type TestServer } from '../test/testServer';
import { countWrites } from '../test/writeCounter';

/**
 * Hostile input, generated from each route's own schemas as /api/openapi.json describes them:
 * operator objects, prototype keys, huge strings, wrong types, bad UTF-8, odd dates, in bodies,
 * queries and paths, sent by every kind of signed-in caller. No answer is a 5xx, and a refused request writes nothing (writes are counted
 * from the database's own command events, writeCounter.ts; sessions are the server's own bookkeeping).
 */
const REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 10_000);
const SEED = Number(process.env.HOSTILE_SEED ?? 4711);
// The server's own bookkeeping of its sessions is not a write a request asked for.
const BOOKKEEPING = ['sessions'];
let writes: ReturnType<typeof countWrites>;

let server: TestServer;
let fx: Fixture;
let callers: ApiClient[];
let routes: ApiRoute[];

beforeAll(async () => {
  server = await startTestServer({ LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' });
  fx = await seedFixture();
  callers = await Promise.all([fx.platformAdmin, fx.a.admin, fx.a.supervisor, fx.a.caretaker].map((u) => signedIn(server.baseUrl, u)));
  // Signing out would end the fuzzing callers' own sessions.
  routes = (await apiRoutes(server.baseUrl)).filter((r) => r.url !== '/api/auth/logout');
  writes = countWrites(BOOKKEEPING);
});
afterAll(async () => {
  writes?.stop();
  await server?.close();
});

const OPERATORS = [{ $gt: '' }, { $ne: null }, { $where: 'sleep(100)' }, { $nor: [{}] }, { $regex: '.*' }, { $in: [] }, { $exists: true }];
const ODD_STRINGS = [
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '2026-13-01',
  '',
  ' ',
  '../..',
  '%00',
  '\u0000',
  'constructor',
  '__proto__',
  'toString',
  '😀',
  'æøå',
  'x'.repeat(20_000),
];
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...OPERATORS),
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.constantFrom(...OPERATORS)), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('$gt', '__proto__', 'constructor', 'a.b', 'x'), fc.string(), { maxKeys: 3 }),
);
/** Something that looks right, so some requests get past validation and into the handlers. */
const plausible: fc.Arbitrary<unknown> = fc.constantFrom(
  '2026-03-10',
  'Ola',
  '0123456789abcdef01234567',
  'Admin',
  '1',
  'pending',
  'approved',
  'a@b.no',
  'hemmelig',
);
const fieldValue = fc.oneof({ arbitrary: hostileValue, weight: 3 }, { arbitrary: plausible, weight: 1 });

type Attack = {
  route: number;
  caller: number;
  /** Keys the generator made up, sent beside the route's own fields. */
  extra: Record<string, unknown> | null;
  /** One value per field of the route's body or query, in the schema's order. */
  fields: unknown[];
  rawBody: string | null;
  query: Array<[string, unknown]>;
  params: string[];
};

function attacks() {
  return fc.record({
    route: fc.nat(),
    caller: fc.nat(),
    extra: fc.option(fc.dictionary(fc.string({ maxLength: 12 }), fieldValue, { maxKeys: 4 }), { nil: null }),
    fields: fc.array(fieldValue, { minLength: 8, maxLength: 8 }),
    rawBody: fc.option(
      fc.constantFrom(
        '{"__proto__":{"role":"Admin"}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '{"name":"\uD800"}',
        '{',
        '[]',
        'null',
        '"x"',
        '{"a":' + '['.repeat(500) + ']'.repeat(500) + '}',
      ),
      { nil: null, freq: 6 },
    ),
    query: fc.array(fc.tuple(fc.string({ maxLength: 10 }), fieldValue), { maxLength: 4 }),
    params: fc.array(fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ maxLength: 30 }), plausible.map(String)), {
      minLength: 3,
      maxLength: 3,
    }),
  });
}

function encodeQuery(pairs: Array<[string, unknown]>): string {
  const parts: string[] = [];
  for (const [key, value] of pairs) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [op, inner] of Object.entries(value))
        parts.push(`${encodeURIComponent(key)}[${encodeURIComponent(op)}]=${encodeURIComponent(String(inner))}`);
    } else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

async function send(attack: Attack): Promise<{ status: number; route: string; wrote: number }> {
  const route = routes[attack.route % routes.length]!;
  const caller = callers[attack.caller % callers.length]!;
  // The route's own fields, with hostile values, beside whatever else the generator made up.
  const own = (keys: string[]) => keys.map((key, i): [string, unknown] => [key, attack.fields[i % attack.fields.length]]);
  const body = attack.extra === null ? null : { ...attack.extra, ...Object.fromEntries(own(route.bodyKeys)) };
  const queryPairs = [...attack.query, ...own(route.queryKeys)];
  let p = 0;
  const path = route.url.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(attack.params[p++ % attack.params.length]!));
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const before = writes.count();
  const res = await caller.request(route.method, path + encodeQuery(queryPairs), hasBody ? (body ?? undefined) : undefined, {
    rawBody: hasBody ? (attack.rawBody ?? undefined) : undefined,
  });
  return { status: res.status, route: `${route.method} ${route.url}`, wrote: writes.count() - before };
}

describe('hostile input', () => {
  it(`${REQUESTS} generated requests: no 5xx, and nothing written by a refused request (seed ${SEED})`, async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(attacks(), async (attack) => {
        const { status, route, wrote } = await send(attack);
        sent += 1;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) problems.push(`${route}: ${status}`);
        if (status >= 400 && wrote > 0) problems.push(`${route}: refused with ${status} but wrote ${wrote}`);
        return problems.length === 0;
      }),
      { numRuns: REQUESTS, seed: SEED, endOnFailure: true },
    );
    expect(problems).toEqual([]);
    expect(sent).toBe(REQUESTS);
    // Most are refused, and some get through validation into the handlers (and the counter sees their writes).
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect(writes.count()).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('bodies that are not UTF-8 are refused with a Norwegian message and write nothing', async () => {
    const before = writes.count();
    for (const path of ['/api/sick/add', '/api/away/add', '/api/maintenance-tasks', '/api/auth/login']) {
      const res = await fetch(server.baseUrl + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          cookie: `tilsynsvakt.sid=${callers[0]!.cookie}`,
        },
        body: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
      });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.message, path).toMatch(/\S/);
      expect(body.code, path).toBe('invalid');
    }
    expect(writes.count()).toBe(before);
  });
});
