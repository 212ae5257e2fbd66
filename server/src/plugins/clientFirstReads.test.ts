import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../test/httpClient';
import type { SeededServer } from '../../test/seededServer';
import { TestClock } from '../../test/testClock';
import { useSeededServer } from '../../test/useTestServer';
import { useClientDir } from '../../test/useTestServices';
import { osloInstant } from '#protocol/time';

/** The home screens' first reads preloaded with the page (protocol/firstReads.ts), for the member each is home to. */
const clientDir = useClientDir({ 'index.html': '<!doctype html><title>Tilsynsvakt</title><div id="root"></div>' });
// 00:30 in Oslo on the 25th: the board's day is still the report day of the 24th (until 09:00),
// and the preloads must name the day the board asks for.
const clock = new TestClock(osloInstant('2026-11-25', 0, 30));
let seeded: SeededServer;

useSeededServer((started) => (seeded = started), { CLIENT_DIR: clientDir }, { clock });

async function linkOf(caller: ApiClient, page: string): Promise<string | null> {
  const res = await caller.request<string>('GET', page, undefined, { xhr: false, headers: { accept: 'text/html' } });
  expect(res.status, page).toBe(200);
  return res.headers.get('link');
}

describe('the page sent to a signed-in browser', () => {
  it("preloads the board's reads for the supervisor, with the report day and the school's own buttons", async () => {
    const { c, fx } = seeded;
    const link = await linkOf(c.supervisorA, '/tilsynsvakt');
    expect(link?.split(', ')).toEqual(
      [
        `/api/tasks-config/${fx.a.id}`,
        '/api/reports/my',
        '/api/task-rounds',
        '/api/sick?date=2026-11-24',
        '/api/away?activeOn=2026-11-24',
        '/api/roll-calls?date=2026-11-24',
        '/api/register/tonight?date=2026-11-24',
        '/api/evacuations',
      ].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`),
    );
    // Each is a read the supervisor may make, and answers now.
    for (const url of link!.matchAll(/<([^>]+)>/g)) expect((await c.supervisorA.get(url[1]!)).status, url[1]).toBe(200);
  });

  it("preloads the caretaker's pending cases and the admin's users, each only on their own home screen", async () => {
    const { c, fx } = seeded;
    const preload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    expect(await linkOf(c.caretakerA, '/vaktmester/')).toBe(
      ['/api/maintenance-tasks?status=pending', '/api/evacuations'].map(preload).join(', '),
    );
    expect(await linkOf(c.adminA, '/Admin/Brukere')).toBe(
      [`/api/admin/users?schoolId=${fx.a.id}`, '/api/evacuations'].map(preload).join(', '),
    );
    // Another role's home, another screen, or no one to read for: nothing is preloaded.
    expect(await linkOf(c.caretakerA, '/tilsynsvakt')).toBeNull();
    expect(await linkOf(c.adminA, '/tilsynsvakt')).toBeNull();
    expect(await linkOf(c.supervisorA, '/tilsynsvakt/historikk')).toBeNull();
    expect(await linkOf(c.pendingA, '/tilsynsvakt')).toBeNull();
    expect(await linkOf(c.deactivatedA, '/tilsynsvakt')).toBeNull();
    expect(await linkOf(c.platform, '/admin/brukere')).toBeNull();
    expect(await linkOf(c.anonymous, '/tilsynsvakt')).toBeNull();
  });

  it('preloads nothing for a cookie that is no session', async () => {
    const res = await fetch(`${seeded.server.baseUrl}/tilsynsvakt`, {
      headers: { cookie: '__Host-tilsynsvakt.sid=en-økt; tilsynsvakt.sid=en-økt' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBeNull();
  });
});
