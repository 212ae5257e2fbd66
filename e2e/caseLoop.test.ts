import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureUser } from '../server/test/fixtures';
import { dismissToast, readsOf, shoot, signInThroughForm, waitForToast } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { escapeToast, expectFocusSeen, tabTo } from './keyboard';

/**
 * The case loop closed (issue 44): the sender sends a case (empty fields marked at the field),
 * reads it on 'Mine saker' as typed, and sees the caretaker's rejection with its reason within a
 * second; the caretaker reopens it from the archive, and the sender sees that too. By keyboard,
 * axe-clean, at 375 and 1280 px.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

const widths = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

async function signedIn(user: FixtureUser, landing: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await pages.page(viewport);
  page.setDefaultTimeout(10_000);
  await signInThroughForm(page, user.email);
  await page.waitForURL((url) => url.pathname === landing);
  await dismissToast(page);
  return page;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}

describe('the case loop, closed', () => {
  for (const [width, viewport] of widths) {
    it(`the sender sees the caretaker's rejection and its reason on Mine saker live, and the reopening, at ${width} px`, async () => {
      // Each width in a school of its own.
      const school = width === '375' ? e.fx.a : e.fx.b;
      const place = `Gymsal ${width}`;
      const sender = await signedIn(school.supervisor, '/tilsynsvakt', viewport);

      // Sak by keyboard: empty fields are marked at the fields, and no toast covers Avbryt.
      await tabTo(sender, sender.getByRole('button', { name: 'Sak' }));
      await sender.keyboard.press('Enter');
      const dialog = sender.getByTestId('case-dialog');
      await dialog.waitFor();
      const room = dialog.getByRole('textbox', { name: 'Rom/sted' });
      await expect.poll(() => room.evaluate((field) => field === document.activeElement)).toBe(true);
      await tabTo(sender, sender.getByTestId('case-submit'));
      await sender.keyboard.press('Enter');
      await dialog.getByText('Romnummer er påkrevd').waitFor();
      await dialog.getByText('Beskrivelse er påkrevd').waitFor();
      expect(await room.getAttribute('aria-invalid')).toBe('true');
      expect(await sender.getByTestId('toast').count()).toBe(0);
      await shoot(sender, `case-loop-empty-fields-${width}`);
      await expectAxeClean(sender, 'the case dialog with its fields marked');

      await tabTo(sender, room, { back: true });
      await sender.keyboard.type(place);
      await tabTo(sender, sender.getByTestId('case-description'));
      await sender.keyboard.type('Nettet i basketkurven er revet');
      await tabTo(sender, sender.getByTestId('case-submit'));
      await sender.keyboard.press('Enter');
      await escapeToast(sender, 'Sak sendt til vaktmester');

      // Mine saker from the bottom navigation: the place as typed, waiting for the caretaker.
      await tabTo(sender, sender.getByRole('link', { name: 'Mine saker' }));
      await sender.keyboard.press('Enter');
      await sender.waitForURL('**/mine-saker');
      const ownCase = sender.getByTestId('own-case').filter({ hasText: place });
      await ownCase.waitFor();
      expect(await ownCase.getByRole('heading', { level: 2 }).innerText()).toBe(place);
      expect(await ownCase.getByTestId('own-case-status').innerText()).toBe('Venter på vaktmester');
      expect(await ownCase.innerText()).toContain(`Sendt av ${school.supervisor.name}`);
      await shoot(sender, `case-loop-mine-saker-pending-${width}`);
      await expectAxeClean(sender, 'Mine saker');

      // The caretaker rejects it by keyboard, with a reason.
      const caretaker = await signedIn(school.caretaker, '/vaktmester', viewport);
      const card = caretaker.getByTestId('task-card').filter({ hasText: place });
      await card.waitFor();
      expect(await card.locator('.task-room').innerText()).toBe(place);
      await tabTo(caretaker, card.getByTestId('task-reject'));
      await caretaker.keyboard.press('Enter');
      const reject = caretaker.getByTestId('reject-dialog');
      await reject.waitFor();
      const reason = caretaker.getByTestId('reject-reason');
      await expect.poll(() => reason.evaluate((field) => field === document.activeElement)).toBe(true);
      await caretaker.keyboard.type('Kurven byttes etter jul');
      await shoot(caretaker, `case-loop-reject-reason-${width}`);
      await expectAxeClean(caretaker, 'the reject dialog');
      await tabTo(caretaker, caretaker.getByTestId('reject-submit'));
      // Live: the sender's page asks the server for nothing; the outcome comes over its socket.
      // (How fast is the fan-out bench's to say, npm run bench:fanout, not a timed test's.)
      const asked = readsOf(sender);
      await caretaker.keyboard.press('Enter');

      await expect.poll(() => ownCase.getByTestId('own-case-status').innerText()).toBe('Avslått');
      expect(asked).toEqual([]);
      expect(await ownCase.innerText()).toContain(`Avslått av ${school.caretaker.name}`);
      expect(await ownCase.innerText()).toContain('Begrunnelse: Kurven byttes etter jul');
      expect(await waitForToast(sender, `Saken din er avslått: ${place}`)).toContain('Begrunnelse: Kurven byttes etter jul');
      await shoot(sender, `case-loop-mine-saker-rejected-${width}`);
      await dismissToast(sender);
      await expectAxeClean(sender, 'Mine saker with a rejection');

      await escapeToast(caretaker, 'Oppgave avslått og flyttet til arkiv');
      await card.waitFor({ state: 'detached' });

      // The caretaker reopens it from the archive, by keyboard; its history keeps the rejection.
      await tabTo(caretaker, caretaker.getByTestId('archive-link'));
      await caretaker.keyboard.press('Enter');
      const archived = caretaker.getByTestId('archived-task').filter({ hasText: place });
      await archived.waitFor();
      await tabTo(caretaker, archived.getByTestId('task-open'));
      await caretaker.keyboard.press('Enter');
      const detail = caretaker.getByTestId('task-detail');
      await detail.waitFor();
      expect(await detail.getByTestId('task-reject-reason').innerText()).toBe('Begrunnelse: Kurven byttes etter jul');
      // The facts say it all until the case is reopened; then its history shows each step.
      expect(await detail.getByTestId('case-history').count()).toBe(0);
      expect(await detail.getByRole('button', { name: 'Fikset' }).count()).toBe(0);
      await shoot(caretaker, `case-loop-archive-detail-${width}`);
      await expectAxeClean(caretaker, 'the archive detail dialog');
      await tabTo(caretaker, detail.getByTestId('detail-reopen'));
      await caretaker.keyboard.press('Enter');
      await escapeToast(caretaker, 'Saken er gjenåpnet og ligger blant de ventende');
      await detail.waitFor({ state: 'detached' });
      await expectFocusSeen(caretaker);

      await expect
        .poll(() => ownCase.getByTestId('own-case-status').innerText(), { timeout: 1000, interval: 20 })
        .toBe('Venter på vaktmester');
      await waitForToast(sender, `Saken din er gjenåpnet: ${place}`);
      const steps = await ownCase.getByTestId('case-history').locator('li').allInnerTexts();
      expect(steps.map((step) => step.split(/\s+\d/)[0]!.trim())).toEqual([
        `Sendt av ${school.supervisor.name}`,
        `Avslått av ${school.caretaker.name}`,
        `Gjenåpnet av ${school.caretaker.name}`,
      ]);
      await dismissToast(sender);
      await shoot(sender, `case-loop-mine-saker-reopened-${width}`);

      // Back among the caretaker's pending cases, with 'Fullfør' on its card and in its dialog.
      await caretaker.goto('/vaktmester');
      const back = caretaker.getByTestId('task-card').filter({ hasText: place });
      await back.waitFor();
      expect(await back.getByTestId('task-complete').innerText()).toBe('Fullfør');
      await back.getByTestId('task-open').click();
      expect(await caretaker.getByTestId('detail-complete').innerText()).toBe('Fullfør');
      expect(await caretaker.getByTestId('task-detail').getByTestId('case-history').locator('li').count()).toBe(3);
    });
  }

  it('Mine saker is the Tilsynsvakt’s: the caretaker and the Admin are refused, and have no such link', async () => {
    const caretaker = await signedIn(e.fx.a.caretaker, '/vaktmester', PHONE);
    await caretaker.goto('/mine-saker');
    await caretaker.getByText('Ingen tilgang').first().waitFor();
    expect(await caretaker.getByRole('link', { name: 'Mine saker' }).count()).toBe(0);
    const admin = await signedIn(e.fx.a.admin, '/admin', DESKTOP);
    await admin.goto('/mine-saker');
    await admin.getByText('Ingen tilgang').first().waitFor();
  });
});
