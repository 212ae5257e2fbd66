import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '#protocol/push';
import { TestPushService, type TestDevice } from '../server/test/pushService';
import { signedIn as apiSignedIn } from '../server/test/sessions';
import { PASSWORD, type FixtureUser } from '../server/test/fixtures';
import { dismissToast, markPage, shoot, signInThroughForm, waitForToast, wasReloaded } from './actions';
import { signInThroughApi } from './signIn';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { expectFocusSeen, tabTo } from './keyboard';
import {
  deliverPush,
  hasSubscription,
  replacePushManager,
  serviceWorkerOf,
  setNotificationPermission,
  shownNotifications,
  tapNotification,
} from './pushSupport';

/** Web Push on the device (issue 32): the switch, the notification a push shows, and where a tap leads. */
let e: E2E;
/** The push service the server sends to (on loopback; it decrypts what it gets, as a browser would). */
let pushService: TestPushService;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
  pushService = await TestPushService.start();
});
afterEach(() => pages.closeAll());
afterAll(async () => {
  await pushService?.close();
  await e?.close();
});

type Viewport = { width: number; height: number };
type Task = { id: string; roomNumber: string; description: string; status: string };

const TEXTS = {
  on: 'Varsler er på for denne enheten.',
  off: 'Varsler er av.',
  blocked: 'Varsler er blokkert i nettleseren. Du kan tillate dem i nettleserens innstillinger for denne siden.',
  unsupported: 'Denne nettleseren støtter ikke varsler.',
  iPhone:
    'På iPhone og iPad må du først legge Tilsynsvakt til på Hjem-skjermen (Del → Legg til på Hjem-skjerm). Åpne appen derfra for å slå på varsler.',
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

type ContextOptions = {
  viewport?: Viewport;
  permission?: 'granted' | 'denied';
  userAgent?: string;
  /** The push service's device whose subscription the page's PushManager hands out (pushSupport.ts). */
  device?: TestDevice;
  prepare?: (context: BrowserContext) => Promise<void>;
};

async function contextWith({ viewport = DESKTOP, permission, userAgent, device, prepare }: ContextOptions = {}): Promise<BrowserContext> {
  const context = userAgent
    ? await e.browser.newContext({ baseURL: e.server.baseUrl, viewport, locale: 'nb-NO', timezoneId: 'Europe/Oslo', userAgent })
    : await pages.context(viewport);
  if (userAgent) afterEachClose.push(context);
  if (permission) await setNotificationPermission(context, e.server.baseUrl, permission);
  if (device) await replacePushManager(context, device.toJSON());
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
  await signInThroughApi(page, user.email);
  await page.waitForURL((url) => url.pathname === landing);
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

    const message: PushMessage = {
      kind: 'caseCreated',
      title: 'Ny sak: rom 214',
      body: 'Vinduet står fast',
      url: `/vaktmester?sak=${task.id}`,
      tag: `sak-${task.id}`,
    };
    await deliverPush(page, e.server.baseUrl, message);
    expect(await shownNotifications(page)).toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        icon: `${e.server.baseUrl}/icons/icon-192.png`,
        lang: 'nb',
        renotify: true,
        data: { url: message.url },
      },
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
    expect((await shownNotifications(page)).map((n) => [n.title, n.body, n.data.url])).toEqual([
      ['Tilsynsvakt', 'Du har et nytt varsel.', '/'],
    ]);
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

describe('a tap while signed out', () => {
  it('the sign-in form stands on the case’s address, and signing in opens the case there', async () => {
    const task = await submitCase('9', 'Vindu står åpent i gangen');
    const page = await (await contextWith({ viewport: PHONE })).newPage();
    await page.goto(`/vaktmester?sak=${task.id}`);
    await page.getByTestId('login-email').fill(e.fx.a.caretaker.email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('task-detail').waitFor();
    expect(await page.getByTestId('task-detail-description').innerText()).toBe('Vindu står åpent i gangen');
    expect(new URL(page.url()).pathname).toBe('/vaktmester');
  });

  it('from /login itself, the role’s own page as before', async () => {
    const page = await (await contextWith()).newPage();
    await signInThroughForm(page, e.fx.a.caretaker.email);
    await page.waitForURL((url) => url.pathname === '/vaktmester');
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

/** The one push the service got for this device since `before` pushes, decrypted: what the browser would hand its worker. */
async function nextPushTo(device: TestDevice, before: number): Promise<PushMessage> {
  await pushService.waitUntil(() => pushService.to(device).length > before);
  const push = pushService.to(device)[before]!;
  return push.message;
}

describe('the switch, with the server', () => {
  it('by keyboard: turned on, the case a supervisor sends comes as a push, and a tap opens it', async () => {
    const device = pushService.newDevice('vaktmester-telefon');
    const page = await signIn(e.fx.a.caretaker, '/vaktmester', { viewport: PHONE, permission: 'granted', device });
    const worker = await serviceWorkerOf(page);
    await expect.poll(() => status(page).innerText()).toBe(TEXTS.off);
    expect(await status(page).getAttribute('role')).toBe('status');

    await tabTo(page, pushSwitch(page));
    await page.keyboard.press('Space');
    await expect.poll(() => status(page).innerText()).toBe(TEXTS.on);
    expect(await pushSwitch(page).getAttribute('aria-checked')).toBe('true');
    await expectFocusSeen(page);
    expect(await page.getByTestId('push-error').count()).toBe(0);
    await page.getByTestId('push-toggle').scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'push-on-caretaker-375');

    const task = await submitCase('31', 'Radiatoren er kald\nGjelder hele rommet');
    const message = await nextPushTo(device, 0);
    expect(message).toEqual({
      kind: 'caseCreated',
      title: 'Ny sak: 31',
      body: 'Radiatoren er kald',
      url: `/vaktmester?sak=${task.id}`,
      tag: `sak-${task.id}`,
    });
    // The case came live too; the window is on another page when the push is tapped.
    await page.getByTestId('archive-link').click();
    await page.waitForURL((url) => url.pathname === '/arkiv');
    await deliverPush(page, e.server.baseUrl, message);
    expect((await shownNotifications(page)).map((n) => n.title)).toEqual([message.title]);
    await tapNotification(worker, message.title);
    await page.getByTestId('task-detail').waitFor();
    expect(await page.getByTestId('task-detail-description').innerText()).toContain('Radiatoren er kald');
    expect(page.context().pages()).toHaveLength(1);
  });

  it('turned off: the server forgets the device and the browser drops its subscription', async () => {
    const device = pushService.newDevice('av');
    const page = await signIn(e.fx.a.caretaker, '/vaktmester', { permission: 'granted', device });
    await serviceWorkerOf(page);
    await pushSwitch(page).click();
    await expect.poll(() => status(page).innerText()).toBe(TEXTS.on);
    const deleted = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().endsWith('/api/push/subscriptions'));
    await pushSwitch(page).click();
    expect((await deleted).postDataJSON()).toEqual({ endpoint: device.endpoint });
    await expect.poll(() => status(page).innerText()).toBe(TEXTS.off);
    expect(await hasSubscription(page)).toBe(false);
  });

  it('a subscription the server refuses: a clear message, and the switch stays off', async () => {
    // An endpoint the server will not post to (not https, not loopback).
    const device = pushService.newDevice('avvist');
    const refused: TestDevice = {
      ...device,
      toJSON: () => ({ endpoint: 'http://push.example.net/x', expirationTime: null, keys: device.keys }),
    };
    const page = await signIn(e.fx.a.supervisor, '/tilsynsvakt', { permission: 'granted', device: refused });
    await serviceWorkerOf(page);
    await pushSwitch(page).click();
    await expect.poll(() => page.getByTestId('push-error').innerText()).toBe('Adressen for varsler må bruke https');
    expect(await page.getByTestId('push-error').getAttribute('role')).toBe('alert');
    expect(await status(page).innerText()).toBe(TEXTS.off);
    expect(await pushSwitch(page).getAttribute('aria-checked')).toBe('false');
    expect(await hasSubscription(page)).toBe(false);
  });

  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`an Admin turns on new cases for this device too, and gets them, at ${width} px`, async () => {
      const device = pushService.newDevice(`admin-${width}`);
      const page = await signIn(e.fx.a.admin, '/admin', { viewport, permission: 'granted', device });
      await serviceWorkerOf(page);
      expect(await page.getByTestId('push-new-cases').count()).toBe(0);
      await pushSwitch(page).click();
      await expect.poll(() => status(page).innerText()).toBe(TEXTS.on);
      const newCases = page.getByRole('checkbox', { name: 'Også nye og endrede saker til vaktmester' });
      expect(await newCases.isChecked()).toBe(false);
      await tabTo(page, newCases);
      await page.keyboard.press('Space');
      await expect.poll(() => newCases.isChecked()).toBe(true);
      await page.getByTestId('push-toggle').scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `push-on-admin-${width}`);

      const before = pushService.to(device).length;
      const task = await submitCase('5', 'Døren slår');
      expect(await nextPushTo(device, before)).toMatchObject({ kind: 'caseCreated', url: `/admin/vedlikehold?sak=${task.id}` });
    });
  }

  it('on sign-in the subscription this browser has becomes the signed-in user’s; sign-out ends it in the browser and on the server', async () => {
    const device = pushService.newDevice('delt-nettbrett');
    // The caretaker had this tablet's notifications.
    const caretaker = await apiSignedIn(e.server.baseUrl, e.fx.a.caretaker);
    expect((await caretaker.post('/api/push/subscriptions', device.toJSON())).status).toBe(200);

    const context = await contextWith({
      permission: 'granted',
      device,
      prepare: async (context) => {
        // The browser kept its subscription (made with the server's key) from the earlier visit.
        const { publicKey } = (await caretaker.get<{ publicKey: string }>('/api/push/key')).body;
        await context.addInitScript((key) => {
          if (localStorage.getItem('e2e.kept')) return;
          localStorage.setItem('e2e.kept', 'ja');
          localStorage.setItem('e2e.pushSubscription', key);
        }, publicKey);
      },
    });
    // A subscription lives in the worker's registration: the app has been open here before.
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await serviceWorkerOf(page);
    await signInThroughForm(page, e.fx.a.supervisor.email);
    await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
    await dismissToast(page);
    await expect.poll(() => status(page).innerText()).toBe(TEXTS.on);
    await shoot(page, 'push-on-board-1280');

    // Now the supervisor's: a case the supervisor sent, completed, comes to this device.
    const task = await submitCase('12', 'Lekkasje');
    const before = pushService.to(device).length;
    await completeCase(task);
    expect(await nextPushTo(device, before)).toMatchObject({ kind: 'caseResolvedForSender', url: '/mine-saker' });

    const deleted = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().endsWith('/api/push/subscriptions'));
    await page.getByRole('button', { name: 'Logg ut' }).click();
    expect((await deleted).postDataJSON()).toEqual({ endpoint: device.endpoint });
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('e2e.pushSubscription'))).toBeNull();
    // The server sends this device nothing more: another case of the supervisor's is completed.
    const after = pushService.to(device).length;
    await completeCase(await submitCase('13', 'Kran drypper'));
    await e.server.app.push.idle();
    expect(pushService.to(device)).toHaveLength(after);
  });
});
