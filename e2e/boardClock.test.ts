import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { osloInstant } from '#protocol/time';
import { makeUser } from '../server/test/callers';
import type { FixtureUser } from '../server/test/fixtures';
import { TestClock } from '../server/test/testClock';
import { shoot, waitForToast } from './actions';
import { api, clockedContext, openBoard, passTimeAtTheBoard, textOf } from './boardSupport';
import { PHONE } from './browser';
import { startE2E, type E2E } from './harness';

/** A Tuesday morning: until 09:00 the report day is Monday's. */
const DAY = '2026-03-10';
const MONDAY = '2026-03-09';
const EARLY = osloInstant(DAY, 8, 20);

const clock = new TestClock(EARLY, { ticking: true });
let e: E2E;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  e = await startE2E({ clock });
});
afterEach(async () => {
  clock.set(EARLY);
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => e?.close());

async function morningBoard(user: FixtureUser): Promise<{ context: BrowserContext; page: Page }> {
  clock.set(EARLY);
  const context = await clockedContext(e.browser, e.server.baseUrl, EARLY, PHONE);
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await openBoard(context, user);
  expect(await textOf(page, 'report-day')).toBe('Natt til tirsdag 10. mars 2026');
  return { context, page };
}

type MyReport = { date: string; content: string };

describe('the report day on the clock', () => {
  it('08:30 makes the report read-only; at 09:00 the board moves to the new day and unsaved text stays, locked and copyable', async () => {
    const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const { page } = await morningBoard(user);
    const night = 'Kl. 07:50: alle elever vekket. Ingen meldinger.';
    await page.getByTestId('report-text').fill(night);
    expect(await textOf(page, 'save-state')).toBe('Ikke lagret');

    // 08:30: the window. The browser's timer fires and the server agrees.
    clock.set(osloInstant(DAY, 8, 30));
    await passTimeAtTheBoard(page, 11);
    await page.getByTestId('report-reset-window').waitFor();
    expect(await textOf(page, 'report-reset-window')).toBe('System under tilbakestilling (08:30-09:00)');
    expect(await page.getByTestId('report-text').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('report-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('report-clear').isDisabled()).toBe(true);
    expect(await page.getByTestId('tasks').getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('report-text').inputValue()).toBe(night);
    await shoot(page, 'board-reset-window-375');

    // 09:00: a new report day; Monday's unsaved text is locked, still there to copy.
    clock.set(osloInstant(DAY, 9, 0));
    await passTimeAtTheBoard(page, 30);
    await expect.poll(() => textOf(page, 'report-day')).toBe('Natt til onsdag 11. mars 2026');
    const locked = page.getByTestId('locked-draft');
    await locked.waitFor();
    expect(await locked.innerText()).toContain('Denne rapporten er låst');
    expect(await page.getByTestId('locked-draft-text').inputValue()).toBe(night);
    expect(await page.getByTestId('locked-draft-text').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('report-text').inputValue()).toBe('');
    expect(await page.getByTestId('report-text').getAttribute('readonly')).toBeNull();
    await shoot(page, 'board-locked-375');

    await page.getByTestId('copy-locked-draft').click();
    await waitForToast(page, 'Teksten er kopiert');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(night);

    // Still there after a reload, until it is discarded.
    await page.reload();
    await page.getByTestId('locked-draft').waitFor();
    await page.getByRole('button', { name: 'Forkast' }).click();
    await page.getByTestId('confirm-button').click();
    await page.getByTestId('locked-draft').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('report-text').waitFor();
    await expect.poll(() => textOf(page, 'report-day')).toBe('Natt til onsdag 11. mars 2026');
    expect(await page.getByTestId('locked-draft').count()).toBe(0);
  });

  it('a save the server refuses because the day closed keeps the text, read-only, to copy', async () => {
    const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const { page } = await morningBoard(user);
    const late = 'Skrevet før 08:30, sendt etter 09:00.';
    await page.getByTestId('report-text').fill(late);

    // The phone's clock is behind: it still offers Lagre, the server says no.
    clock.set(osloInstant(DAY, 9, 5));
    await page.getByTestId('report-save').click();
    expect(await waitForToast(page, 'Denne rapporten er låst')).toContain('Teksten ble ikke lagret');
    await page.getByTestId('locked-draft').waitFor();
    expect(await page.getByTestId('locked-draft-text').inputValue()).toBe(late);
    await expect.poll(() => textOf(page, 'report-day')).toBe('Natt til onsdag 11. mars 2026');
    const monday = await (await api(e.server.baseUrl, user)).get<MyReport>(`/api/reports/my?date=${MONDAY}`);
    expect(monday.body.content).toBe('');
  });

  it('a save the server refuses in the 08:30–09:00 window keeps the text and turns read-only', async () => {
    const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const { page } = await morningBoard(user);
    await page.getByTestId('report-text').fill('Sent i vakta.');

    clock.set(osloInstant(DAY, 8, 40));
    await page.getByTestId('report-save').click();
    await waitForToast(page, 'System under tilbakestilling (08:30-09:00)');
    await page.getByTestId('report-reset-window').waitFor();
    expect(await page.getByTestId('report-text').inputValue()).toBe('Sent i vakta.');
    expect(await textOf(page, 'save-state')).toBe('Ikke lagret');
    expect(await page.getByTestId('report-save').isDisabled()).toBe(true);
  });
});
