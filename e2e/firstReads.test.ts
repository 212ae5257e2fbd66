import type { Page } from 'playwright-core';
import { reportDay } from '#protocol/time';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureUser } from '../server/test/fixtures';
import { signInThroughApi } from './signIn';
import { PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

/**
 * A signed-in browser opening its home screen gets the screen's first reads with the page (a Link
 * preload, protocol/firstReads.ts), and the screen's own requests take those answers: each address
 * is fetched once, by the preload, and the screen shows what it read.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

/**
 * Signs in, then opens the home screen afresh, as a phone does with the app already signed in. The
 * /api requests that went to the network are recorded with their kind: 'other' for a preload,
 * 'fetch' for one the app made itself (a fetch that takes a preloaded answer makes none).
 */
async function reopenedHome(user: FixtureUser, home: string, landing = home): Promise<{ page: Page; requests: string[] }> {
  const page = await pages.page(PHONE);
  await signInThroughApi(page, user.email);
  await page.waitForURL((url) => url.pathname === landing);
  // The landing screen's own reads are done before the recording starts (the admin menu reads its second-factor rule).
  await page.waitForLoadState('networkidle');
  // The live connection, once up, fetches everything again (what changed before it was up); held off
  // here, every request below is the screen's first.
  await page.routeWebSocket('**/socket.io/**', (socket) => socket.close());
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/me')
      requests.push(`${request.resourceType()} ${url.pathname}${url.search}`);
  });
  await page.goto(home);
  return { page, requests };
}

describe('a home screen opened with a session', () => {
  it('the board reads its buttons, report, rounds, sick and away lists, roll calls and tonight’s list once each, all preloaded with the page', async () => {
    const { page, requests } = await reopenedHome(e.fx.a.supervisor, '/tilsynsvakt');
    await page.getByTestId('task-1').waitFor();
    await page.getByTestId('report-text').waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const today = reportDay(new Date());
    expect(requests.sort()).toEqual(
      [
        `/api/tasks-config/${e.fx.a.id}`,
        '/api/reports/my',
        '/api/task-rounds',
        `/api/sick?date=${today}`,
        `/api/away?activeOn=${today}`,
        `/api/roll-calls?date=${today}`,
        `/api/register/tonight?date=${today}`,
        '/api/evacuations',
      ]
        .map((path) => `other ${path}`)
        .sort(),
    );
  });

  it('the caretaker’s cases and the admin’s users come the same way', async () => {
    const caretaker = await reopenedHome(e.fx.a.caretaker, '/vaktmester');
    await caretaker.page.getByText('Ingen ventende oppgaver').waitFor();
    expect(caretaker.requests.sort()).toEqual(['other /api/evacuations', 'other /api/maintenance-tasks?status=pending']);

    const admin = await reopenedHome(e.fx.a.admin, '/admin/brukere', '/admin');
    await admin.page.getByTestId('pending-user').first().waitFor();
    expect(admin.requests.sort()).toEqual([`other /api/admin/users?schoolId=${e.fx.a.id}`, 'other /api/evacuations']);
  });
});
