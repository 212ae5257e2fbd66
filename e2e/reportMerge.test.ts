import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReportModel } from '../server/src/features/reports/model';
import { ReportVersionModel } from '../server/src/features/reports/versionModel';
import { deleteEverywhere } from '../server/test/everySchool';
import { shoot, waitForToast } from './actions';
import { axeViolations } from './axe';
import { api, eveningE2E, openBoard } from './boardSupport';
import { PHONE } from './browser';

/**
 * Conflicts that lose nothing, and Tøm with a way back (issue 44): one supervisor's phone (375 px)
 * and PC (1280 px). Different lines changed on each end with both changes and no question; the
 * same line asks once; every earlier version can be read on the report's page.
 */
const t = eveningE2E();
const { contexts } = t;
// Each test starts the shift's report afresh (the clock is turned back after each).
beforeEach(async () => {
  await deleteEverywhere(ReportModel);
  await deleteEverywhere(ReportVersionModel);
});

const BASE = 'Rom 12 stille\nOla syk\nKari hjemme\nAlt rolig';
const reportText = (page: Page) => page.getByTestId('report-text');
const stored = async () =>
  (await (await api(t.e.server.baseUrl, t.e.fx.a.supervisor)).get<{ id: string; content: string; version: number }>('/api/reports/my'))
    .body;

/** Both devices on the board, the base text saved from the phone and shown on the PC. */
async function twoDevices(): Promise<{ phone: Page; pc: Page }> {
  const phone = await openBoard(await contexts.open(PHONE), t.e.fx.a.supervisor);
  const pc = await openBoard(await contexts.open(), t.e.fx.a.supervisor);
  await reportText(phone).fill(BASE);
  await phone.getByTestId('report-save').click();
  await waitForToast(phone, 'Lagret');
  await expect.poll(() => reportText(pc).inputValue()).toBe(BASE);
  return { phone, pc };
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe('two devices of one supervisor', () => {
  it('different lines changed on each: both changes are saved, and nobody is asked', async () => {
    const { phone, pc } = await twoDevices();
    await reportText(pc).fill('Rom 12 stille\nOla syk, fikk paracet 22:10\nKari hjemme\nAlt rolig');
    await reportText(phone).fill('Rom 12 stille\nOla syk\nKari hjemme\nAlt rolig etter 23');
    await phone.getByTestId('report-save').click();
    await waitForToast(phone, 'Lagret');

    await pc.getByTestId('report-save').click();
    expect(await waitForToast(pc, 'Lagret')).toContain('Endringene som ble lagret et annet sted, er tatt med.');
    const merged = 'Rom 12 stille\nOla syk, fikk paracet 22:10\nKari hjemme\nAlt rolig etter 23';
    expect(await stored()).toMatchObject({ content: merged, version: 3 });
    expect(await pc.getByTestId('conflict').count()).toBe(0);
    expect(await reportText(pc).inputValue()).toBe(merged);
    await expect.poll(() => reportText(phone).inputValue()).toBe(merged);
  });

  it('the same line changed on both asks once, with only that line; the phone is told its text was replaced', async () => {
    const { phone, pc } = await twoDevices();
    await reportText(pc).fill('Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig');
    await reportText(phone).fill('Rom 12 stille\nOla syk, mor ringte 22:05\nKari hjemme\nAlt rolig etter 23');
    await phone.getByTestId('report-save').click();
    await waitForToast(phone, 'Lagret');

    await pc.getByTestId('report-save').click();
    const conflict = pc.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.getByTestId('conflict-mine').innerText()).toBe('Ola syk, fikk paracet');
    expect(await conflict.getByTestId('conflict-theirs').innerText()).toBe('Ola syk, mor ringte 22:05');
    await expectAxeClean(pc);
    await shoot(pc, 'report-merge-conflict-1280');

    // By keyboard: the panel has the focus; Tab reaches 'Behold min'.
    await pc.keyboard.press('Tab');
    await pc.keyboard.press('Tab');
    expect(await pc.evaluate(() => document.activeElement?.textContent)).toBe('Behold min');
    await pc.keyboard.press('Enter');
    await waitForToast(pc, 'Lagret');
    expect(await stored()).toMatchObject({ content: 'Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig etter 23', version: 3 });

    const told = phone.getByTestId('report-replaced');
    await told.waitFor();
    expect(await told.innerText()).toContain('Rapporten ble lagret på nytt et annet sted');
    await expectAxeClean(phone);
    await shoot(phone, 'report-replaced-375');
  });

  it('every earlier version can be read on the report, with who, when and which device', async () => {
    const { phone } = await twoDevices();
    await reportText(phone).fill('Rom 12 stille\nOla frisk\nKari hjemme\nAlt rolig');
    await phone.getByTestId('report-save').click();
    await waitForToast(phone, 'Lagret');
    const { id } = await stored();

    for (const page of [phone, await openBoard(await contexts.open(), t.e.fx.a.supervisor)]) {
      await page.goto(`/rapport/${id}#tidligere-versjoner`);
      const versions = page.getByTestId('report-version');
      await expect.poll(() => versions.count()).toBe(2);
      expect(await versions.nth(1).locator('summary').innerText()).toContain('Versjon 1');
      expect(await versions.nth(1).locator('summary').innerText()).toContain(t.e.fx.a.supervisor.name);
      await versions.nth(1).locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => versions.nth(1).getByTestId('report-version-text').innerText()).toBe(BASE);
      await expectAxeClean(page);
      await shoot(page, `report-versions-${page.viewportSize()?.width ?? 0}`);
    }
  });
});

describe('Tøm with a way back', () => {
  it('Angre brings the text back; after a reload an emptied box offers the saved text and says what Lagre would do', async () => {
    const phone = await openBoard(await contexts.open(PHONE), t.e.fx.a.supervisor);
    await reportText(phone).fill('Mor til Ola ringte 22:05');
    await phone.getByTestId('report-save').click();
    await waitForToast(phone, 'Lagret');

    await phone.getByTestId('report-clear').click();
    await waitForToast(phone, 'Rapport tømt');
    expect(await reportText(phone).inputValue()).toBe('');
    await phone.getByTestId('toast').getByRole('button', { name: 'Angre' }).click();
    expect(await reportText(phone).inputValue()).toBe('Mor til Ola ringte 22:05');

    await phone.getByTestId('report-clear').click();
    await phone.reload();
    await reportText(phone).waitFor();
    await expect.poll(() => phone.getByTestId('report-saved-differs').innerText()).toContain('Lagre tømmer den lagrede rapporten');
    expect(await reportText(phone).inputValue()).toBe('');
    await expectAxeClean(phone);
    await shoot(phone, 'report-emptied-after-reload-375');

    await phone.getByTestId('report-restore-saved').click();
    expect(await reportText(phone).inputValue()).toBe('Mor til Ola ringte 22:05');
    expect(await stored()).toMatchObject({ content: 'Mor til Ola ringte 22:05', version: 1 });
  });

  it('at 1280 px: Tøm, then Angre on the card without the toast', async () => {
    const pc = await openBoard(await contexts.open(), t.e.fx.a.supervisor);
    await reportText(pc).fill('Skrevet på PC-en');
    await pc.getByTestId('report-clear').click();
    await pc.getByTestId('report-undo').waitFor();
    await expectAxeClean(pc);
    await shoot(pc, 'report-cleared-1280');
    await pc.getByTestId('report-undo').click();
    expect(await reportText(pc).inputValue()).toBe('Skrevet på PC-en');
  });
});
