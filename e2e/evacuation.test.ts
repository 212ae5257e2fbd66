import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shoot, wifiHole } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, downloadedBytes } from './browser';
import { PDFParse } from 'pdf-parse';
import { pageOpener, startE2E, type E2E } from './harness';
import { expectFocusSeen, tabTo } from './keyboard';
import { signIn } from './signIn';

/**
 * The evacuation list (issue 47): started on one phone with a confirmation, it reaches every staff
 * device of the school at once (the caretaker's too) and no other school; 'I sikkerhet' by tap,
 * the count of those not accounted for the biggest thing on the screen and read out; off line
 * from the device's copy; a drill leaves its timed report in the trail. 375 and 1280 px, axe-clean.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

async function addStudent(office: Page, firstName: string, house: string, room: string): Promise<void> {
  await office.evaluate(
    async (body) => {
      const res = await fetch('/api/admin/register/students', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`register: ${res.status}`);
    },
    { firstName, lastName: 'Brann', house, room },
  );
}

const count = (page: Page) => page.getByTestId('evacuation-count').innerText();
const person = (page: Page, name: string) => page.getByTestId('evacuee').filter({ hasText: name });

async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

describe('an evacuation', () => {
  it('started on one phone reaches every staff device of the school at once, off line too, and no other school; a drill leaves a timed report', async () => {
    const office = await signIn(await pages.context(DESKTOP), e.fx.a.admin, '/admin');
    await addStudent(office, 'Ola', 'Nordtun', '1');
    await addStudent(office, 'Siri', 'Sørtun', '4');
    const caretakerContext = await pages.context(PHONE);
    const caretaker = await signIn(caretakerContext, e.fx.a.caretaker, '/vaktmester');
    const otherSchool = await signIn(await pages.context(DESKTOP), e.fx.b.admin, '/admin');
    const phone = await signIn(await pages.context(PHONE), e.fx.a.supervisor, '/tilsynsvakt');

    await phone.getByTestId('evacuation-open').click();
    await phone.getByTestId('evacuation-drill-choice').check();
    await phone.getByTestId('evacuation-start').click();
    await phone.getByTestId('evacuation-start-dialog').getByRole('button', { name: 'Start øvelsen' }).click();
    await phone.getByTestId('evacuation-count').waitFor();
    const total = await phone.getByTestId('evacuee').count();
    expect(total).toBeGreaterThanOrEqual(5); // two boarders, and the three of staff signed in
    expect(await count(phone)).toBe(`${total} ikke gjort rede for`);

    // Every staff device of the school, at once; not another school's.
    await caretaker.getByTestId('evacuation-banner').waitFor({ timeout: 1_000 });
    await office.getByTestId('evacuation-banner').waitFor({ timeout: 1_000 });
    await caretaker.getByRole('link', { name: 'Åpne listen' }).click();
    await person(caretaker, 'Ola Brann').click();
    await expect.poll(() => count(phone), { timeout: 1_000 }).toBe(`${total - 1} ikke gjort rede for`);
    await caretaker.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // The caretaker at the assembly point in a Wi-Fi hole: the list from the phone's copy, marks wait.
    await wifiHole(caretakerContext, true);
    await caretaker.reload();
    await caretaker.getByTestId('evacuation-count').waitFor();
    expect(await caretaker.getByTestId('copied-at').innerText()).toMatch(/^Sist oppdatert \d\d:\d\d$/);
    await person(caretaker, 'Siri Brann').click();
    expect(await caretaker.getByTestId('evacuation-waiting').innerText()).toBe('1 venter på nett');
    expect(await count(caretaker)).toBe(`${total - 2} ikke gjort rede for`);
    await wifiHole(caretakerContext, false);
    await expect.poll(() => count(phone), { timeout: 10_000 }).toBe(`${total - 2} ikke gjort rede for`);

    expect(await otherSchool.getByTestId('evacuation-banner').count()).toBe(0);

    // The rest of the list, then the end: the drill's timed report is in the trail.
    for (const button of await phone.getByTestId('evacuee').all())
      if ((await button.getAttribute('data-safe')) === 'false') await button.click();
    await expect.poll(() => count(phone)).toBe('0 ikke gjort rede for');
    await phone.getByTestId('evacuation-end').click();
    await phone.getByTestId('evacuation-end-dialog').getByRole('button', { name: 'Avslutt evakueringen' }).click();
    await phone.getByTestId('evacuation-ended').waitFor();
    await expect.poll(() => caretaker.getByTestId('evacuation-ended').count()).toBe(1);
    // The PDF in one tap, with every expected person by house.
    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByTestId('evacuation-pdf').click()]);
    const { text } = await new PDFParse({ data: new Uint8Array(await downloadedBytes(download)) }).getText();
    for (const expected of ['Evakueringsliste (øvelse)', 'Nordtun', 'Ola Brann', 'Sørtun', 'Siri Brann', 'Ansatte på vakt', 'Vaktmester A'])
      expect(text).toContain(expected);
    const trail = await office.evaluate(
      async () => (await (await fetch('/api/admin/audit?kind=evacuations')).json()) as { action: string; detail: string }[],
    );
    expect(trail[0]?.action).toBe('evacuation.drillEnded');
    expect(trail[0]?.detail).toMatch(
      new RegExp(`${total} av ${total} i sikkerhet, 0 ikke gjort rede for\\. Alle i sikkerhet etter \\d+ s\\.$`),
    );
  });

  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${width} px: axe-clean, by keyboard, the count read out as it changes`, async () => {
      const page = await signIn(await pages.context(viewport), e.fx.a.admin, '/evakuering');
      await page.getByTestId('evacuation-start').waitFor();
      await expectAxeClean(page, `start at ${width}`);
      await shoot(page, `evacuation-start-${width}`);
      await tabTo(page, page.getByTestId('evacuation-start'));
      await expectFocusSeen(page);
      await page.keyboard.press('Enter');
      await page.getByTestId('evacuation-start-dialog').waitFor();
      await expectAxeClean(page, `confirm at ${width}`);
      await page.getByTestId('evacuation-start-dialog').getByRole('button', { name: 'Start evakuering' }).click();
      await page.getByTestId('evacuation-count').waitFor();
      expect(await page.getByTestId('evacuation-count').getAttribute('role')).toBe('status');
      const before = await count(page);
      await tabTo(page, page.getByTestId('evacuee').first());
      await page.keyboard.press('Enter');
      await expect.poll(() => count(page)).not.toBe(before);
      await expectAxeClean(page, `the list at ${width}`);
      await shoot(page, `evacuation-${width}`);
      await page.getByTestId('evacuation-end').click();
      await page.getByTestId('evacuation-end-dialog').getByRole('button', { name: 'Avslutt evakueringen' }).click();
      await page.getByTestId('evacuation-ended').waitFor();
    });
  }

  it("started in a Wi-Fi hole from the phone's copy of tonight's list: marked and printed there, and every device has it once the phone is back", async () => {
    const office = await signIn(await pages.context(DESKTOP), e.fx.a.admin, '/admin');
    await addStudent(office, 'Tor', 'Vesttun', '7');
    const phoneContext = await pages.context(PHONE);
    const phone = await signIn(phoneContext, e.fx.a.supervisor, '/tilsynsvakt');
    // The board keeps tonight's list on the phone.
    await phone.getByTestId('roll-card').waitFor();
    await phone.waitForFunction(() => Object.keys(localStorage).some((key) => key.includes('tonight')));
    await phone.getByTestId('evacuation-open').click();
    await phone.getByTestId('evacuation-start').waitFor();

    await wifiHole(phoneContext, true);
    await phone.getByTestId('evacuation-start').click();
    await phone.getByTestId('evacuation-start-dialog').getByRole('button', { name: 'Start evakuering' }).click();
    await phone.getByTestId('evacuation-not-sent').waitFor();
    const names = await phone.getByTestId('evacuee').locator('.evacuee-name').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Tor Brann', e.fx.a.supervisor.name]));
    expect(await count(phone)).toBe(`${names.length} ikke gjort rede for`);
    await person(phone, 'Tor Brann').click();
    expect(await phone.getByTestId('evacuation-waiting').innerText()).toBe('1 venter på nett');
    expect(await office.getByTestId('evacuation-banner').count()).toBe(0);
    await expectAxeClean(phone, 'started off line');
    await shoot(phone, 'evacuation-offline-375');

    // Printed off line: the browser prints the list on the screen, and the paper has the list alone.
    expect(await phone.getByTestId('evacuation-pdf').count()).toBe(0);
    await phone.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await phone.getByTestId('evacuation-print').click();
    expect(await phone.locator('body').getAttribute('data-printed')).toBe('yes');
    await phone.emulateMedia({ media: 'print' });
    expect(await phone.locator('.app-header').isVisible()).toBe(false);
    expect(await phone.getByTestId('evacuation-print').isVisible()).toBe(false);
    expect(await person(phone, 'Tor Brann').isVisible()).toBe(true);
    await phone.emulateMedia({ media: 'screen' });

    // Back on line: the start and the mark reach the server; every device gets the list.
    await wifiHole(phoneContext, false);
    await office.getByTestId('evacuation-banner').waitFor({ timeout: 10_000 });
    await phone.getByTestId('evacuation-not-sent').waitFor({ state: 'detached' });
    await expect.poll(() => phone.getByTestId('evacuation-waiting').count()).toBe(0);
    await office.getByRole('link', { name: 'Åpne listen' }).click();
    await expect.poll(() => person(office, 'Tor Brann').getAttribute('data-safe')).toBe('true');
    await office.getByTestId('evacuation-end').click();
    await office.getByTestId('evacuation-end-dialog').getByRole('button', { name: 'Avslutt evakueringen' }).click();
    await expect.poll(() => phone.getByTestId('evacuation-ended').count()).toBe(1);
  });
});
