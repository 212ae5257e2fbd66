import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, osloDay, reportDay } from '#protocol/time';
import { PASSWORD, type FixtureUser } from '../server/test/fixtures';
import { ApiClient } from '../server/test/httpClient';
import { writeMyReport } from '../server/test/reportWrites';
import { dismissToast, horizontalOverflow, signInPlatform, signInThroughForm } from './actions';
import { signIn } from './signIn';
import { axeViolations, type Violation } from './axe';
import { api } from './boardSupport';
import { DESKTOP, PHONE, screenshot } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

/**
 * WCAG 2.2 AA by axe-core on every screen and every dialog, at phone and desktop width, with live
 * data: sick and away students, a trip, reports, open and archived cases, a user waiting. Each
 * screen is also saved as a screenshot (screenshots/a11y-<width>-<screen>.png) for a person to
 * look at.
 */
let e: E2E;
const pages = pageOpener(() => e);
let reportId = '';

beforeAll(async () => {
  e = await startE2E();
  await seedSchoolA();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

async function seedSchoolA(): Promise<void> {
  // The board shows the report day (yesterday until the morning's reset), so the lists are for it.
  const today = reportDay(new Date());
  const admin = await api(e.server.baseUrl, e.fx.a.admin);
  const supervisor = await api(e.server.baseUrl, e.fx.a.supervisor);
  const caretaker = await api(e.server.baseUrl, e.fx.a.caretaker);
  const created = await admin.post<{ id: string }>('/api/admin/classes', { className: 'Idrettslinje 9B' });
  const writes = [
    await admin.post('/api/admin/classes', { className: '8A' }),
    await admin.post('/api/sick/add', { date: today, name: 'Ola Nordmann', comment: 'Feber, blir på rommet' }),
    await admin.post('/api/sick/add', { date: today, name: 'Siri Berg' }),
    // The office's sick list opens on the calendar day, which is the next one after midnight.
    await admin.post('/api/sick/add', { date: osloDay(new Date()), name: 'Ola Nordmann', comment: 'Feber' }),
    await admin.post('/api/away/add', { fromDate: today, toDate: addDays(today, 3), studentName: 'Per Hansen' }),
    await admin.post('/api/away/classes', { fromDate: today, toDate: addDays(today, 2), classIds: [created.body.id] }),
    await supervisor.post('/api/maintenance-tasks/submit', { roomNumber: '214', description: 'Lekker kran på badet' }),
    // One colleague approved (an entry in the log), one waiting.
    await admin.post(`/api/admin/users/${e.fx.a.pending.id}/approve`),
    await new ApiClient(e.server.baseUrl).post('/api/auth/register', {
      schoolId: e.fx.a.id,
      name: 'Nina Ny',
      email: 'nina.ny@test.no',
      password: PASSWORD,
    }),
  ];
  expect(writes.map((write) => write.status)).toEqual([201, 200, 200, 200, 200, 200, 201, 200, 201]);
  const saved = await writeMyReport(supervisor, today, 'Rolig kveld. Alle på rommene kl. 22.');
  expect(saved.status).toBe(200);
  reportId = saved.body.id;
  const done = await supervisor.post<{ id: string }>('/api/maintenance-tasks/submit', {
    roomNumber: '105',
    description: 'Lyspære gått i gangen',
  });
  expect((await caretaker.put(`/api/maintenance-tasks/${done.body.id}/complete`)).status).toBe(200);
}

type Viewport = { width: number; height: number };
/** Phone and desktop; then 320 px and 1280×800 at 200 % zoom (640×400 CSS px), where nothing may need sideways scrolling (WCAG 1.4.10). */
const widths = [
  ['375', PHONE],
  ['1280', DESKTOP],
  ['320', { width: 320, height: 640 }],
  ['zoom200', { width: 640, height: 400 }],
] as const;
const SCREENSHOT_WIDTHS: readonly string[] = ['375', '1280'];

/** Violations by screen name; a test ends by expecting it empty, so one run shows every screen's. */
type Findings = Record<string, Violation[]>;

async function check(page: Page, findings: Findings, width: string, name: string, ready: Locator): Promise<void> {
  await ready
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, `a11y-${width}-${name}-not-ready`);
      throw error;
    });
  // A dialog half faded in has half its contrast: judge what the user sees once it has settled.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const violations = await axeViolations(page);
  const overflow = await horizontalOverflow(page);
  if (overflow > 0)
    violations.push({ rule: 'reflow', impact: 'serious', help: `${overflow} px sideways scrolling`, targets: await overflowing(page) });
  const misordered = await dialogsWithMainActionFirst(page);
  if (misordered.length > 0)
    violations.push({
      rule: 'dialog-button-order',
      impact: 'moderate',
      help: 'Avbryt and side actions first, the main action last',
      targets: misordered,
    });
  if (violations.length > 0) findings[name] = violations;
  if (SCREENSHOT_WIDTHS.includes(width)) await screenshot(page, `a11y-${width}-${name}`);
}

/**
 * Every dialog orders its buttons the same way (docs/decisions.md): Avbryt, Lukk and side actions
 * first, the main action (a filled button) last. Returns the rows that break it.
 */
function dialogsWithMainActionFirst(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"] .dialog-actions, [role="alertdialog"] .dialog-actions')]
      .map((row) =>
        [...row.querySelectorAll('button')].map((button) => ({
          text: button.innerText.trim(),
          main: !/button-secondary|outline/.test(button.className),
        })),
      )
      .filter((buttons) => buttons.some((button, i) => button.main && i < buttons.length - 1))
      .map((buttons) => buttons.map((button) => `${button.text}${button.main ? ' (main)' : ''}`).join(' | ')),
  );
}

/** The innermost elements that reach past the right edge of the page. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      ),
  );
}

async function open(viewport: Viewport): Promise<Page> {
  return pages.page(viewport);
}

async function signedIn(viewport: Viewport, user: FixtureUser, landing: string): Promise<Page> {
  return signIn(await pages.context(viewport), user, landing);
}

/** Opens a screen by its address and checks it once `ready` shows. */
async function visit(page: Page, findings: Findings, width: string, path: string, name: string, ready: string): Promise<void> {
  await page.goto(path);
  await check(page, findings, width, name, page.getByTestId(ready));
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('axe-core: WCAG 2.2 AA on every screen and dialog', () => {
  for (const [width, viewport] of widths) {
    it(`signed out and account status screens at ${width} px`, async () => {
      const findings: Findings = {};
      const page = await open(viewport);
      await visit(page, findings, width, '/login', 'login', 'login-form');
      await visit(page, findings, width, '/register', 'register', 'register-form');
      await visit(page, findings, width, '/plattformadministrator-login', 'platform-login', 'platform-login-form');
      await visit(page, findings, width, '/tilgjengelighet', 'statement', 'accessibility-statement');

      await signInThroughForm(page, e.fx.b.pending.email);
      await check(page, findings, width, 'pending', page.getByTestId('pending-screen'));
      await page.getByTestId('back-to-login').click();
      await page.getByTestId('login-form').waitFor();
      await signInThroughForm(page, e.fx.b.deactivated.email);
      await check(page, findings, width, 'deactivated', page.getByTestId('deactivated-screen'));
      expect(findings).toEqual({});
    });

    it(`the supervisor's screens and dialogs at ${width} px`, async () => {
      const findings: Findings = {};
      const page = await signedIn(viewport, e.fx.a.supervisor, '/tilsynsvakt');
      await check(page, findings, width, 'board', page.getByTestId('sick-chip'));

      await page.getByTestId('sick-chip').first().click();
      await check(page, findings, width, 'board-sick-dialog', page.getByRole('dialog'));
      await closeDialog(page);
      await page.getByTestId('away-chip').first().click();
      await check(page, findings, width, 'board-away-dialog', page.getByRole('dialog'));
      await closeDialog(page);
      await page.getByRole('button', { name: 'Sak' }).click();
      await check(page, findings, width, 'board-case-dialog', page.getByTestId('case-room'));
      await closeDialog(page);

      await visit(page, findings, width, '/rapporter', 'recent-reports', 'recent-report');
      await visit(page, findings, width, `/rapport/${reportId}`, 'report', 'report-view');
      await visit(page, findings, width, '/change-password', 'change-password', 'change-password-form');
      await visit(page, findings, width, '/min-konto', 'min-konto', 'totp-off');
      await visit(page, findings, width, '/finnes-ikke', 'not-found', 'not-found');
      expect(findings).toEqual({});
    });

    it(`the caretaker's screens and dialogs at ${width} px`, async () => {
      const findings: Findings = {};
      const page = await signedIn(viewport, e.fx.a.caretaker, '/vaktmester');
      await check(page, findings, width, 'caretaker', page.getByTestId('task-card'));
      await page.getByTestId('task-card').first().getByTestId('task-open').click();
      await check(page, findings, width, 'caretaker-task-dialog', page.getByRole('dialog'));
      await closeDialog(page);
      await page.getByTestId('task-card').first().getByTestId('task-delete').click();
      await check(page, findings, width, 'caretaker-delete-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');
      await visit(page, findings, width, '/arkiv', 'archive', 'archived-task');
      expect(findings).toEqual({});
    });

    it(`the school office's screens and dialogs at ${width} px`, async () => {
      const findings: Findings = {};
      const page = await signedIn(viewport, e.fx.a.admin, '/admin');
      await check(page, findings, width, 'admin-menu', page.getByRole('heading', { name: 'Admin Meny' }));

      await visit(page, findings, width, '/admin/brukere', 'users-pending', 'pending-user');
      await page.getByTestId('tab-all').click();
      await check(page, findings, width, 'users-all', page.getByTestId('all-list'));
      await page.getByTestId('user-menu').first().click();
      await check(page, findings, width, 'users-menu', page.getByRole('menu'));
      await page.getByTestId('delete-user').click();
      await check(page, findings, width, 'users-delete-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');

      await visit(page, findings, width, '/admin/klasser', 'classes', 'class-row');
      // A placeholder is no label (WCAG 3.3.2): the field's name shows above it.
      expect(await page.locator('label', { hasText: 'Klassenavn' }).isVisible()).toBe(true);
      expect(await page.getByLabel('Klassenavn').getAttribute('data-testid')).toBe('class-name');
      await page.getByTestId('class-row').first().getByRole('button', { name: 'Slett' }).click();
      await check(page, findings, width, 'classes-delete-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');
      await visit(page, findings, width, '/admin/syke-og-bortreist', 'sick-and-away', 'sick-row');
      expect(await page.locator('label', { hasText: 'Elevnavn' }).isVisible()).toBe(true);
      expect(await page.getByLabel('Elevnavn').getAttribute('data-testid')).toBe('away-student-name');
      await visit(page, findings, width, '/admin/reiser', 'trips', 'trip');
      await page.getByTestId('trip').first().getByRole('button', { name: 'Rediger' }).click();
      await check(page, findings, width, 'trip-edit-dialog', page.getByTestId('trip-edit-dialog'));
      await closeDialog(page);
      await page.getByTestId('trip').first().getByTestId('trip-remove').click();
      await check(page, findings, width, 'trip-remove-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');

      await visit(page, findings, width, '/admin/ukesrapport', 'weekly-report', 'range-report');
      await visit(page, findings, width, '/admin/aarsrapport', 'yearly-report', 'year-chart');
      await visit(page, findings, width, '/admin/gaarsdagens-rapport', 'yesterday-report', 'yesterday-report-page');
      await visit(page, findings, width, '/admin/logg', 'audit', 'audit-entry');
      await visit(page, findings, width, '/admin/elevopplysninger', 'student-data-search', 'student-search');
      await page.getByTestId('student-name').fill('Ola');
      await page.getByTestId('student-show').click();
      await check(page, findings, width, 'student-data', page.getByTestId('student-data'));
      await page.getByTestId('student-erase').click();
      await check(page, findings, width, 'student-erase-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');
      await visit(page, findings, width, '/admin/gjoremaal', 'task-buttons', 'task-buttons-form');
      await visit(page, findings, width, `/rapport/${reportId}/rediger`, 'report-edit', 'report-edit-form');
      await visit(page, findings, width, `/rapport/${reportId}`, 'report-admin', 'report-view');
      await page.getByTestId('delete-report').click();
      await check(page, findings, width, 'report-delete-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');

      await visit(page, findings, width, '/admin/vedlikehold', 'maintenance', 'task-card');
      await page.getByTestId('tab-pending').click();
      await check(page, findings, width, 'maintenance-pending', page.getByTestId('pending-tasks'));
      await page.getByTestId('tab-archive').click();
      await check(page, findings, width, 'maintenance-archive', page.getByTestId('open-archive'));
      await page.getByTestId('open-create-task').click();
      await check(page, findings, width, 'maintenance-create-dialog', page.getByRole('dialog'));
      await closeDialog(page);
      expect(findings).toEqual({});
    });

    it(`the platform's screens and dialogs at ${width} px`, async () => {
      const findings: Findings = {};
      const page = await open(viewport);
      await signInPlatform(page, e.fx.platformAdmin.email);
      await dismissToast(page);
      await check(page, findings, width, 'platform', page.getByTestId('school-card'));
      await page.getByTestId('delete-school').first().click();
      await check(page, findings, width, 'platform-delete-school-confirm', page.getByRole('alertdialog'));
      await page.keyboard.press('Escape');
      await page.getByTestId('open-create-school').click();
      await check(page, findings, width, 'platform-create-school', page.getByRole('dialog'));
      await closeDialog(page);
      await page.getByTestId('open-create-user').click();
      await check(page, findings, width, 'platform-create-user', page.getByRole('dialog'));
      await closeDialog(page);
      await visit(page, findings, width, `/plattformadministrator/schools/${e.fx.b.id}`, 'platform-school', 'platform-user');
      await page.getByTestId('platform-user-menu').first().click();
      await check(page, findings, width, 'platform-user-menu', page.getByRole('menu'));
      await page.getByRole('menuitem', { name: 'Flytt til annen skole' }).click();
      await check(page, findings, width, 'platform-transfer-dialog', page.getByTestId('transfer-dialog'));
      await closeDialog(page);
      expect(findings).toEqual({});
    });
  }
});

/** Controls smaller than 44×44 px, described. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], input, select, textarea, [role="switch"], [role="checkbox"], [tabindex="0"]')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}

describe('touch targets', () => {
  it('every control on the board and the caretaker’s screen is at least 44×44 px on a phone', async () => {
    const board = await signedIn(PHONE, e.fx.a.supervisor, '/tilsynsvakt');
    await board.getByTestId('sick-chip').first().waitFor();
    await board.getByTestId('task-1').waitFor();
    expect(await board.locator('button, a[href], textarea').count()).toBeGreaterThan(10);
    expect(await smallControls(board)).toEqual([]);

    const caretaker = await signedIn(PHONE, e.fx.a.caretaker, '/vaktmester');
    await caretaker.getByTestId('task-card').first().waitFor();
    // The sound for new cases, and the device's notifications (issue 32).
    expect(await caretaker.getByRole('switch').count()).toBe(2);
    expect(await smallControls(caretaker)).toEqual([]);
  });
});
