// A client written from SPEC.md §7 and §8 and DECISIONS.md, for the contract suite. It must never
// be edited to follow the app: it sends what a client built from the spec sends, nothing more.
//
// §7: every call sends credentials (the session cookie), Accept for JSON and X-Requested-With:
// XMLHttpRequest; Content-Type for JSON only when a body exists. Bodies are JSON.
// §8: a non-OK answer is an error whose message is '<status>: <response text or status text>'.
import { expect } from 'vitest';
import { PASSWORD, seedFixture, type Fixture } from '../../test/fixtures';
import type { TestClock } from '../../test/testClock';
import { startTestServer, type TestServer } from '../../test/testServer';

export type SpecResponse = {
  status: number;
  statusText: string;
  headers: Headers;
  /** The response text (for a binary export: the bytes as latin1). */
  text: string;
  bytes: Uint8Array;
  /** The parsed JSON body, or undefined when the answer is not JSON. */
  json: unknown;
};

/** Any JSON object, read the way a spec client reads it: by the field names the spec gives. */
export type Obj = Record<string, unknown>;

export class SpecClient {
  /** The browser's cookie jar for this origin (sent with every call: "All calls send credentials"). */
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get(path: string) {
    return this.call('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.call('POST', path, body);
  }
  put(path: string, body?: unknown) {
    return this.call('PUT', path, body);
  }
  delete(path: string) {
    return this.call('DELETE', path);
  }

  async call(method: string, path: string, body?: unknown): Promise<SpecResponse> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0\b/i.test(setCookie) || /expires=thu, 01 jan 1970/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text =
      (res.headers.get('content-type') ?? '').includes('json') || isUtf8Text(res.headers)
        ? new TextDecoder().decode(bytes)
        : Buffer.from(bytes).toString('latin1');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, statusText: res.statusText, headers: res.headers, text, bytes, json };
  }

  /**
   * §7: the exports are 'opened in a new tab': a browser navigation with the session cookie, not
   * a fetch, so it sends neither X-Requested-With nor a JSON Accept.
   */
  async open(path: string): Promise<SpecResponse> {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(this.baseUrl + path, { headers });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text =
      isUtf8Text(res.headers) || (res.headers.get('content-type') ?? '').includes('json')
        ? new TextDecoder().decode(bytes)
        : Buffer.from(bytes).toString('latin1');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, statusText: res.statusText, headers: res.headers, text, bytes, json };
  }

  /** POST /api/auth/login, body {email, password}. */
  login(email: string, password: string) {
    return this.post('/api/auth/login', { email, password });
  }
}

function isUtf8Text(headers: Headers): boolean {
  const type = headers.get('content-type') ?? '';
  return type.startsWith('text/') || type === '';
}

/** §8: the message a failed call raises. */
export function specError(res: SpecResponse): string {
  return `${res.status}: ${res.text || res.statusText}`;
}

/** A client signed in through POST /api/auth/login (a failure stops the test with §8's message). */
export async function signIn(baseUrl: string, email: string, password: string): Promise<SpecClient> {
  const client = new SpecClient(baseUrl);
  const res = await client.login(email, password);
  if (res.status !== 200) throw new Error(`login as ${email}: ${specError(res)}`);
  return client;
}

/** The call succeeded (any 2xx where the spec names no status); on failure the §8 message shows. */
export function expectOk(res: SpecResponse, who = ''): void {
  expect(res.status >= 200 && res.status < 300, `${who} ${specError(res)}`.trim()).toBe(true);
}

/** The answer is a JSON object carrying a non-empty `message` (§7 "error carries a message"). */
export function expectMessage(res: SpecResponse, who = ''): string {
  const body = res.json as Obj | undefined;
  expect(typeof body?.message === 'string' && body.message.length > 0, `${who} a JSON {message}: ${specError(res)}`.trim()).toBe(true);
  return body!.message as string;
}

/** A role the spec does not allow: 401 or 403 (the spec leaves which open), with a JSON {message}. */
export function expectRefused(res: SpecResponse, who = ''): void {
  expect([401, 403], `${who} refused with 401/403: ${specError(res)}`.trim()).toContain(res.status);
  expectMessage(res, who);
}

/** A refused call of any 4xx (validation, not found, the other school), with a JSON {message}. */
export function expectClientError(res: SpecResponse, who = ''): string {
  expect(res.status >= 400 && res.status < 500, `${who} a 4xx: ${specError(res)}`.trim()).toBe(true);
  return expectMessage(res, who);
}

/** The JSON body as an object (the spec's answers are objects or lists of objects). */
export function obj(res: SpecResponse): Obj {
  expect(res.json !== null && typeof res.json === 'object' && !Array.isArray(res.json), `a JSON object: ${specError(res)}`).toBe(true);
  return res.json as Obj;
}

/**
 * A list the spec names: either the body itself or, where §7 says 'returns users' / 'returns
 * reports' / 'returns entries', the one list in the body under that name.
 */
export function list(res: SpecResponse, name?: string): Obj[] {
  const body = res.json;
  if (Array.isArray(body)) return body as Obj[];
  const inner = name && body && typeof body === 'object' ? (body as Obj)[name] : undefined;
  expect(Array.isArray(inner), `a list${name ? ` (or {${name}: [...]})` : ''}: ${specError(res)}`).toBe(true);
  return inner as Obj[];
}

/** §3: completedTasks and awayStudents are JSON-encoded lists; a client decodes them (a list as such is taken too). */
export function decodedList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Whether any text of the school's data shows in an answer meant for another school. */
export function leaks(res: SpecResponse, ...secrets: string[]): string[] {
  return secrets.filter((secret) => res.text.includes(secret));
}

/** The platform administrator names the school it works on (see the suite's report: the spec leaves this open). */
export function forSchool(path: string, schoolId: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}

/** Everyone a contract test calls as: each role of school A, school B's staff, the platform, nobody. */
export type Caller =
  | 'anonymous'
  | 'adminA'
  | 'supervisorA'
  | 'caretakerA'
  | 'pendingA'
  | 'deactivatedA'
  | 'adminB'
  | 'supervisorB'
  | 'caretakerB'
  | 'platform';

export type ContractServer = { server: TestServer; fx: Fixture; c: Record<Caller, SpecClient>; clock: TestClock };

/** The harness (server/test): a server on its own database and clock, the two-school fixture, everyone signed in. */
export async function startContractServer(clock: TestClock): Promise<ContractServer> {
  const server = await startTestServer({}, { clock });
  const fx = await seedFixture();
  const as = (email: string) => signIn(server.baseUrl, email, PASSWORD);
  const c: Record<Caller, SpecClient> = {
    anonymous: new SpecClient(server.baseUrl),
    adminA: await as(fx.a.admin.email),
    supervisorA: await as(fx.a.supervisor.email),
    caretakerA: await as(fx.a.caretaker.email),
    pendingA: await as(fx.a.pending.email),
    deactivatedA: await as(fx.a.deactivated.email),
    adminB: await as(fx.b.admin.email),
    supervisorB: await as(fx.b.supervisor.email),
    caretakerB: await as(fx.b.caretaker.email),
    platform: await as(fx.platformAdmin.email),
  };
  return { server, fx, c, clock };
}
