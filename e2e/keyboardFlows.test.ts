import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportDay } from '#protocol/time';
import { PASSWORD, type FixtureUser } from '../server/test/fixtures';
import { api } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { escapeToast, expectFocusSeen, tabTo } from './keyboard';

/**
 * Each role's daily work by keyboard alone (issue 13): no click, no tap. Every element focused
 * on the way is checked: on screen, not covered by the bottom navigation or anything else, and
 * showing its focus ring.
 */
const widths = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
  const admin = await api(e.server.baseUrl, e.fx.a.admin);
  for (const [width] of widths) expect((await admin.post('/api/admin/classes', { className: `Linje ${width}` })).status).toBe(201);
  // Chips on both boards, so Tab passes them on the way down to the report (they hid under the navigation).
  const day = reportDay(new Date());
  for (const school of [e.fx.a, e.fx.b]) {
    const office = await api(e.server.baseUrl, school.admin);
    expect((await office.post('/api/sick/add', { date: day, name: 'Ola Nordmann', comment: 'Feber' })).status).toBe(200);
    expect((await office.post('/api/away/add', { fromDate: day, toDate: day, studentName: 'Per Hansen' })).status).toBe(200);
  }
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const page = await pages.page(viewport);
  page.setDefaultTimeout(10_000);
  return page;
}

/** The sign-in form by keyboard: Tab to each field, type, Enter. */
async function signInByKeyboard(page: Page, user: FixtureUser, landing: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  await tabTo(page, page.getByTestId('login-email'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === landing);
  await escapeToast(page, 'Du er nå logget inn');
}

describe('by keyboard alone', () => {
  for (const [width, viewport] of widths) {
    it(`the supervisor ticks a round, writes and saves the report and sends a case at ${width} px`, async () => {
      // Each width in a school of its own: one report a day per supervisor.
      const supervisor = width === '375' ? e.fx.a.supervisor : e.fx.b.supervisor;
      const page = await open(viewport);
      await signInByKeyboard(page, supervisor, '/tilsynsvakt');
      await page.getByTestId('task-2').waitFor();

      const round = page.getByTestId('task-2');
      await tabTo(page, round);
      await page.keyboard.press('Enter');
      await expect.poll(() => round.getAttribute('data-state')).toBe('mine');
      await expectFocusSeen(page);
      // The tick is saved at once; its toast lies over the lower rounds on a phone until Escape.
      await escapeToast(page, 'Lagret');

      await tabTo(page, page.getByTestId('report-text'));
      await page.keyboard.type(`Rolig kveld (${width}).`);
      await tabTo(page, page.getByTestId('report-save'));
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Lagret');
      const saved = await (
        await api(e.server.baseUrl, supervisor)
      ).get<{ content: string }>(`/api/reports/my?date=${reportDay(new Date())}`);
      expect(saved.body.content).toBe(`Rolig kveld (${width}).`);

      await tabTo(page, page.getByRole('button', { name: 'Sak' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('case-room').evaluate((field) => field === document.activeElement)).toBe(true);
      await page.keyboard.type(`3${width}`);
      await tabTo(page, page.getByTestId('case-description'));
      await page.keyboard.type('Vinduet lukker ikke');
      await tabTo(page, page.getByTestId('case-submit'));
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Sak sendt til vaktmester');
      // Focus is back on the Sak button, in view above nothing.
      expect((await expectFocusSeen(page)).what).toContain('Sak');
    });

    it(`the caretaker opens a case and completes it at ${width} px`, async () => {
      const supervisor = await api(e.server.baseUrl, e.fx.a.supervisor);
      const room = `7${width}`;
      expect((await supervisor.post('/api/maintenance-tasks/submit', { roomNumber: room, description: 'Dør som slår' })).status).toBe(201);
      const page = await open(viewport);
      await signInByKeyboard(page, e.fx.a.caretaker, '/vaktmester');
      const card = page.getByTestId('task-card').filter({ hasText: 'Dør som slår' }).filter({ hasText: room });

      await tabTo(page, card.getByTestId('task-open'));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await tabTo(page, dialog.getByTestId('detail-complete'));
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Oppgave fullført og lagt i arkiv');
      await card.waitFor({ state: 'detached' });
    });

    it(`the admin approves a user, adds a sick student, an away student and a class trip at ${width} px`, async () => {
      const newcomer = `ny.${width}@test.no`;
      const registration = await fetch(`${e.server.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ schoolId: e.fx.a.id, name: `Nora ${width}`, email: newcomer, password: PASSWORD }),
      });
      expect(registration.status).toBe(201);

      const page = await open(viewport);
      await signInByKeyboard(page, e.fx.a.admin, '/admin');
      await tabTo(page, page.getByRole('link', { name: /Brukere/ }));
      await page.keyboard.press('Enter');
      const row = page.getByTestId('pending-user').filter({ hasText: `Nora ${width}` });
      await row.waitFor();
      await tabTo(page, row.getByRole('button', { name: 'Godkjenn' }));
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Bruker godkjent');
      await row.waitFor({ state: 'detached' });

      await page.goto('/admin/syke-og-bortreist');
      await page.getByTestId('sick-form').waitFor();
      await tabTo(page, page.getByTestId('sick-name'));
      await page.keyboard.type(`Ola ${width}`);
      await tabTo(page, page.getByTestId('sick-comment'));
      await page.keyboard.type('Feber');
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Lagret');
      await page
        .getByTestId('sick-row')
        .filter({ hasText: `Ola ${width}` })
        .waitFor();

      await tabTo(page, page.getByTestId('away-student-name'));
      await page.keyboard.type(`Per ${width}`);
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Lagret');
      await page
        .getByTestId('away-student-chip')
        .filter({ hasText: `Per ${width}` })
        .waitFor();

      const checkbox = page.getByRole('checkbox', { name: `Linje ${width}` });
      await tabTo(page, checkbox);
      await page.keyboard.press('Space');
      expect(await checkbox.isChecked()).toBe(true);
      await tabTo(page, page.getByTestId('class-trip-save'));
      await page.keyboard.press('Enter');
      await page
        .getByTestId('class-trip-chip')
        .filter({ hasText: `Linje ${width}` })
        .waitFor();
      await expectFocusSeen(page);
    });
  }
});
