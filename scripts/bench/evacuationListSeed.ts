/**
 * For `npm run bench:lighthouse`: fills the demo school's register up to 600 boarders in 10 houses
 * (issue 47's size) and starts an evacuation drill, so Lighthouse can draw the list on a phone.
 * Usage: tsx scripts/bench/evacuationListSeed.ts <port>
 */
import { XHR } from './measure';

const base = `http://localhost:${process.argv[2] ?? '3107'}`;
const STUDENTS = 600;
const HOUSES = 10;

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tilsynsvakt.sid='));
  if (!res.ok || !cookie) throw new Error(`sign-in ${email}: ${res.status}`);
  return cookie.split(';')[0]!;
}

async function call(cookie: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...XHR },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const admin = await signIn('admin@demo.no');
const register = (await call(admin, 'GET', '/api/admin/register')) as Array<{ boarder: boolean }>;
for (let i = register.filter((student) => student.boarder).length; i < STUDENTS; i += 1) {
  const house = `Hus ${(i % HOUSES) + 1}`;
  await call(admin, 'POST', '/api/admin/register/students', {
    firstName: `Elev${i}`,
    lastName: `Etternavn${i % 37}`,
    house,
    room: String(100 + Math.floor(i / HOUSES / 2)),
  });
}
const supervisor = await signIn('tilsyn@demo.no');
const evacuation = (await call(supervisor, 'POST', '/api/evacuations', { drill: true })) as { people: unknown[] };
const people = evacuation.people as Array<{ kind: string }>;
console.log(
  `evacuation drill started: ${people.filter((p) => p.kind === 'student').length} boarders and ${people.length - people.filter((p) => p.kind === 'student').length} of staff on the list`,
);
