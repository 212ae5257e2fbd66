import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '#protocol/push';
import { signedIn as apiSignedIn } from '../server/test/sessions';
import type { FixtureUser } from '../server/test/fixtures';
import { dismissToast, markPage, shoot, signInThroughForm, waitForToast, wasReloaded } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { deliverPush, serviceWorkerOf, setNotificationPermission, shownNotifications, tapNotification } from './pushSupport';

/** Web Push on the device (issue 32): the switch, the notification a push shows, and where a tap leads. */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

type Viewport = { width: number; height: number };
type Task = { id: string; roomNumber: string; description: string; status: string };

const TEXTS = {
  on: 'Varsler er på for denne enheten.',
  off: 'Varsler er av.',
  blocked: 'Varsler er blokkert i nettleseren. Du kan tillate dem i nettleserens innstillinger for denne siden.',
  unsupported: 'Denne nettleseren støtter ikke varsler.',
  iPhone: 'På iPhone og iPad må du først legge Tilsynsvakt til på Hjem-skjermen (Del → Legg til på Hjem-skjerm). Åpne appen derfra for å slå på varsler.',
};
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

async function submitCase(roomNumber: string, description: string): Promise<Task> {
  const supervisor = await apiSignedIn(e.server.baseUrl, e.fx.a.supervisor);
  const response = await supervisor.post<Task>('/api/maintenance-tasks/submit', { roomNumber, description });
  expect(response.status).toBe(201);
  return response.body;
}

async function completeCase(task: Task): Promise<void> {
  const caretaker = await apiSignedIn(e.server.baseUrl, e.fx.a.caretaker);
  expect((await caretaker.put(`/api/maintenance-tasks/${task.id}/complete`)).status).toBe(200);
}

type ContextOptions = { viewport?: Viewport; permission?: 'granted' | 'denied'; userAgent?: string; prepare?: (context: BrowserContext) => Promise<void> };

async function contextWith({ viewport = DESKTOP, permission, userAgent, prepare }: ContextOptions = {}): Promise<BrowserContext> {
  const context = userAgent
    ? await e.browser.newContext({ baseURL: e.server.baseUrl, viewport, locale: 'nb-NO', timezoneId: 'Europe/Oslo', userAgent })
    : await pages.context(viewport);
  if (userAgent) afterEachClose.push(context);
  if (permission) await setNotificationPermission(context, e.server.baseUrl, permission);
  await prepare?.(context);
  return context;
}
const afterEachClose: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(afterEachClose.splice(0).map((context) => context.close()));
});

async function signIn(user: FixtureUser, landing: string, options: ContextOptions = {}): Promise<Page> {
  const context = await contextWith(options);
  const page = context.pages()[0] ?? (await context.newPage());
  await signInThroughForm(page, user.email);
  await page.waitForURL((url) => url.pathname === landing);
  await dismissToast(page);
  return page;
}

const status = (page: Page) => page.getByTestId('push-status');
const pushSwitch = (page: Page) => page.getByTestId('push-switch');

describe('a push on the device', () => {
  it('shows a notification; a tap opens the case in the window already open, its dialog open, without a reload or a second window', async () => {
    const task = await submitCase('214', 'Vinduet står fast');
    const page = await signIn(e.fx.a.caretaker, '/vaktmester', { viewport: PHONE, permission: 'granted' });
    const worker = await serviceWorkerOf(page);
    await page.getByTestId('archive-link').click();
    await page.waitForURL((url) => url.pathname === '/arkiv');
    await markPage(page);

    const message: PushMessage = { kind: 'caseCreated', title: 'Ny sak: rom 214', body: 'Vinduet står fast', url: `/vaktmester?sak=${task.id}`, tag: `sak-${task.id}` };
    await deliverPush(page, e.server.baseUrl, message);
    await expect.poll(() => shownNotifications(page)).toEqual([
      { title: message.title, body: message.body, tag: message.tag, icon: `${e.server.baseUrl}/icons/icon-192.png`, lang: 'nb', renotify: true, data: { url: message.url } },
    ]);

    await tapNotification(worker, message.title);
    await page.getByTestId('task-detail').waitFor();
    expect(await page.getByTestId('task-detail-description').innerText()).toBe('Vinduet står fast');
    // The link has done its work: the address is the page's own again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/vaktmester');
    expect(await shownNotifications(page)).toEqual([]);
    expect(page.context().pages()).toHaveLength(1);
    expect(await wasReloaded(page)).toBe(false);
    await shoot(page, 'push-case-opened-375');
  });

  it('a payload that is not the app’s still shows a notification, and a tap on it opens the app’s start', async () => {
    const page = await signIn(e.fx.a.caretaker, '/vaktmester', { permission: 'granted' });
    const worker = await serviceWorkerOf(page);
    await page.getByTestId('archive-link').click();
    await page.waitForURL((url) => url.pathname === '/arkiv');
    await deliverPush(page, e.server.baseUrl, 'ikke json');
    await expect.poll(async () => (await shownNotifications(page)).map((n) => [n.title, n.body, n.data.url])).toEqual([['Tilsynsvakt', 'Du har et nytt varsel.', '/']]);
    await tapNotification(worker, 'Tilsynsvakt');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('caretaker-home').waitFor();
    expect(page.context().pages()).toHaveLength(1);
  });
});

describe('a link to a case', () => {
  it('opens the archived case on /arkiv and the pending one on /admin/vedlikehold, and says when a case is gone', async () => {
    const archived = await submitCase('7', 'Dusjen lekker');
    await completeCase(archived);
    const pending = await submitCase('8', 'Lampen blinker');

    const caretaker = await signIn(e.fx.a.caretaker, '/vaktmester');
    await caretaker.goto(`/arkiv?sak=${archived.id}`);
    await caretaker.getByTestId('task-detail').waitFor();
    expect(await caretaker.getByTestId('task-detail-description').innerText()).toBe('Dusjen lekker');
    await expect.poll(() => new URL(caretaker.url()).search).toBe('');

    await caretaker.goto('/vaktmester?sak=aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(await waitForToast(caretaker, 'Saken finnes ikke lenger.')).toContain('Saken finnes ikke lenger.');
    await expect.poll(() => new URL(caretaker.url()).search).toBe('');
    expect(await caretaker.getByTestId('task-detail').count()).toBe(0);

    const admin = await signIn(e.fx.a.admin, '/admin');
    await admin.goto(`/admin/vedlikehold?sak=${pending.id}`);
    await admin.getByTestId('task-detail').waitFor();
    expect(await admin.getByTestId('task-detail-description').innerText()).toBe('Lampen blinker');
    await expect.poll(() => new URL(admin.url()).search).toBe('');
  });
});

describe('the switch tells the truth about the device', () => {
  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`blocked in the browser: says so, and where to allow it; axe finds nothing, at ${width} px`, async () => {
      const page = await signIn(e.fx.a.caretaker, '/vaktmester', { viewport, permission: 'denied' });
      await expect.poll(() => status(page).innerText()).toBe(TEXTS.blocked);
      expect(await pushSwitch(page).getAttribute('aria-checked')).toBe('false');
      expect(await page.getByTestId('push-toggle').getByRole('switch', { name: 'Varsler på denne enheten' }).count()).toBe(1);
      await page.getByTestId('push-toggle').scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `push-blocked-${width}`);
    });
  }

  it('a browser without the Push API: the switch cannot be turned on and the line says why', async () => {
    const page = await signIn(e.fx.a.supervisor, '/tilsynsvakt', {
      prepare: async (context) => {
        await context.addInitScript(() => {
          // A browser without push (as Safari before 16): no PushManager at all.
          delete (window as { PushManager?: unknown }).PushManager;
        });
      },
    });
    await expect.poll(() => status(page).innerText()).toBe(TEXTS.unsupported);
    expect(await pushSwitch(page).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`on an iPhone in Safari (not from the Home Screen): how to add it there, at ${width} px`, async () => {
      const page = await signIn(e.fx.a.caretaker, '/vaktmester', { viewport, userAgent: IPHONE_SAFARI });
      await expect.poll(() => status(page).innerText()).toBe(TEXTS.iPhone);
      expect(await pushSwitch(page).isDisabled()).toBe(true);
      await page.getByTestId('push-toggle').scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `push-iphone-${width}`);
    });
  }

  it('is not there for the Plattformadministrator on the caretaker’s page, nor on the Admin menu', async () => {
    const page = await (await contextWith()).newPage();
    await page.goto('/plattformadministrator-login');
    await page.getByTestId('platform-login-email').fill(e.fx.platformAdmin.email);
    await page.getByTestId('platform-login-password').fill('passord123');
    await page.getByTestId('platform-login-submit').click();
    await page.waitForURL((url) => url.pathname === '/plattformadministrator');
    await page.goto('/vaktmester');
    await page.getByTestId('caretaker-home').waitFor();
    await page.goto('/admin/meny');
    await page.getByRole('heading', { name: 'Admin Meny' }).waitFor();
    expect(await page.getByTestId('push-toggle').count()).toBe(0);
  });
});
