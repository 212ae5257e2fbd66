import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportDay } from '#protocol/time';
import type { RollCall } from '#protocol/rollCalls';
import { makeUser } from '../server/test/callers';
import { shoot, waitForToast, wifiHole } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';
import { expectFocusSeen, tabTo } from './keyboard';
import { signIn } from './signIn';

/**
 * A roll call (issue 47): two supervisors' phones count one house together, each seeing the
 * other's marks at once; one goes off line, marks five, reloads, comes back, and all five arrive
 * with their times; a student put on the sick list or a trip during the evening moves on every
 * open roll; the finished roll is in the day's record. At 375 and 1280 px, axe-clean, by keyboard.
 */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

type Student = { id: string; firstName: string; lastName: string };

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

/** A house of boarders in two rooms, added by the office. */
async function houseOf(office: Page, house: string, names: string[]): Promise<Student[]> {
  const students: Student[] = [];
  for (const [i, firstName] of names.entries())
    students.push(
      await api<Student>(office, 'POST', '/api/admin/register/students', {
        firstName,
        lastName: house,
        house,
        room: i < names.length / 2 ? '101' : '102',
      }),
    );
  return students;
}

const student = (page: Page, name: string) => page.getByTestId('roll-student').filter({ hasText: name });
const count = (page: Page) => page.getByTestId('roll-count').innerText();

/** Opens /opptelling and starts (or joins) the roll of the house. */
async function startRoll(page: Page, house: string): Promise<string> {
  await page.getByTestId('roll-house').click();
  await page.getByRole('option', { name: new RegExp(`^${house}`) }).click();
  await page.getByTestId('roll-start').click();
  await page.getByTestId('roll-call').waitFor();
  await page.getByTestId('roll-student').first().waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

describe('a roll call', () => {
  it('two phones count one house together; one counts five off line, reloads, and all five arrive with their times', async () => {
    const names = ['Ada', 'Bo', 'Cai', 'Dina', 'Eli', 'Frid', 'Gro', 'Hans'];
    const first = await signIn(await pages.context(PHONE), e.fx.a.supervisor, '/opptelling');
    const students = await houseOf(await signIn(await pages.context(DESKTOP), e.fx.a.admin, '/admin'), 'Lien', names);
    const secondUser = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const secondContext = await pages.context(PHONE);
    const second = await signIn(secondContext, secondUser, '/tilsynsvakt');
    // Started from the board.
    await second.getByTestId('roll-open').click();
    await second.getByTestId('roll-calls').waitFor();

    await first.reload();
    const id = await startRoll(first, 'Lien');
    expect(await count(first)).toBe('0 av 8 telt, 0 ikke funnet');
    expect(await startRoll(second, 'Lien')).toBe(id);

    // Each phone's marks reach the other.
    await student(first, 'Ada').getByTestId('roll-student-present').click();
    await expect.poll(() => student(second, 'Ada').getAttribute('data-state'), { timeout: 1_000 }).toBe('present');
    await student(second, 'Bo').getByTestId('roll-student-missing').click();
    await expect.poll(() => student(first, 'Bo').getAttribute('data-state'), { timeout: 1_000 }).toBe('missing');
    // The other supervisor hears at once that Bo was not found.
    await waitForToast(first, 'Ikke funnet: Bo Lien');
    expect(await count(first)).toBe('1 av 8 telt, 1 ikke funnet');
    // A second tap takes the mark back.
    await student(first, 'Ada').getByTestId('roll-student-present').click();
    await expect.poll(() => student(second, 'Ada').getAttribute('data-state'), { timeout: 1_000 }).toBe('none');
    await student(first, 'Ada').getByTestId('roll-student-present').click();

    // The second phone walks into a Wi-Fi hole with the roll loaded, marks five, and reloads there.
    await second.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await wifiHole(secondContext, true);
    const offlineMarks = ['Cai', 'Dina', 'Eli'];
    for (const name of offlineMarks) await student(second, name).getByTestId('roll-student-present').click();
    await second.getByTestId('roll-room-present').nth(1).click(); // room 102: Eli is there; Frid, Gro and Hans too
    await expect.poll(() => second.getByTestId('roll-waiting').innerText()).toBe('6 venter på nett');
    await second.reload();
    await second.getByTestId('roll-student').first().waitFor();
    expect(await count(second)).toBe('7 av 8 telt, 1 ikke funnet');
    expect(await second.getByTestId('copied-at').innerText()).toMatch(/^Sist oppdatert \d\d:\d\d$/);
    // Meanwhile the first phone has seen none of them.
    expect(await count(first)).toBe('1 av 8 telt, 1 ikke funnet');
    await wifiHole(secondContext, false);
    await expect.poll(() => count(first), { timeout: 10_000 }).toBe('7 av 8 telt, 1 ikke funnet');
    const stored = (await api<RollCall[]>(first, 'GET', `/api/roll-calls?date=${reportDay(new Date())}`)).find((r) => r.id === id)!;
    expect(
      stored.marks
        .filter((m) => m.byName === secondUser.name)
        .map((m) => m.studentId)
        .sort(),
    ).toEqual(
      students
        .filter((s) => ['Bo', 'Cai', 'Dina', 'Eli', 'Frid', 'Gro', 'Hans'].includes(s.firstName))
        .map((s) => s.id)
        .sort(),
    );
    // Each with the time it was made on the phone, not when it arrived.
    const cai = stored.marks.find((m) => m.studentId === students[2]!.id)!;
    expect(new Date(cai.at).getTime()).toBeLessThan(new Date(stored.updatedAt).getTime());

    // Finished with Bo not found: what was done is written down first.
    await first.getByTestId('roll-finish').click();
    await first.getByTestId('roll-finish-confirm').click();
    await first.getByText('Skriv hva som ble gjort med elevene som ikke er telt eller ikke ble funnet').waitFor();
    await first.getByTestId('roll-finish-note').fill('Bo var hos en venn i Berg, ringte foresatte 22:15');
    await first.getByTestId('roll-finish-confirm').click();
    await first.getByTestId('roll-finished').waitFor();
    await expect.poll(() => second.getByTestId('roll-finished').innerText()).toContain('Bo var hos en venn i Berg');
    expect(await second.getByTestId('roll-finish').count()).toBe(0);

    // The day's record: on the report page, with who was not found and what was done.
    const today = (await api<{ date: string }>(first, 'GET', '/api/reports/my')).date;
    const report = await api<{ id: string }>(first, 'PUT', '/api/reports/my', {
      date: today,
      content: 'Opptelling 22:00.',
      baseVersion: 0,
    });
    await first.goto(`/rapport/${report.id}`);
    const record = await first.getByTestId('day-roll-calls').innerText();
    expect(record).toMatch(/Lien, kl\. \d\d:\d\d–\d\d:\d\d \(Kari A\): 7 av 8 telt, 1 ikke funnet\./);
    expect(record).toContain('Ikke funnet: Bo Lien. Notat: Bo var hos en venn i Berg, ringte foresatte 22:15');
  });

  it('a student put on the sick list or a trip during the evening moves on every open roll at once', async () => {
    const office = await signIn(await pages.context(DESKTOP), e.fx.a.admin, '/admin');
    const [ivar, jon] = await houseOf(office, 'Berg', ['Ivar', 'Jon']);
    const phone = await signIn(await pages.context(PHONE), e.fx.a.supervisor, '/opptelling');
    await startRoll(phone, 'Berg');
    expect(await count(phone)).toBe('0 av 2 telt, 0 ikke funnet');
    // The roll's day is the report day (before 09:00 Oslo time, the night that began the evening before).
    const today = reportDay(new Date());
    await api(office, 'POST', '/api/sick/add', { date: today, name: 'Ivar Berg', comment: '', studentId: ivar!.id });
    await student(phone, 'Ivar').getByText('Syk, på rommet').waitFor({ timeout: 2_000 });
    await api(office, 'POST', '/api/away/add', {
      fromDate: today,
      toDate: today,
      tripName: 'Kamp i Bodø',
      studentNames: ['Jon Berg'],
      studentIds: { 'Jon Berg': jon!.id },
    });
    await expect.poll(() => count(phone), { timeout: 2_000 }).toBe('0 av 1 telt, 0 ikke funnet');
    expect(await student(phone, 'Jon').count()).toBe(0);
  });

  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${width} px: axe-clean, counted by keyboard, the count read out as it changes`, async () => {
      const office = await signIn(await pages.context(DESKTOP), e.fx.a.admin, '/admin');
      const house = `Tun${width}`;
      await houseOf(office, house, ['Kari', 'Lise', 'Mona', 'Nils']);
      const page = await signIn(await pages.context(viewport), e.fx.a.supervisor, '/opptelling');
      await page.getByTestId('roll-calls').waitFor();
      await expectAxeClean(page, `/opptelling at ${width}`);
      await shoot(page, `roll-calls-${width}`);
      await startRoll(page, house);
      // The count is a status region: read out when it changes.
      expect(await page.getByTestId('roll-count').getAttribute('role')).toBe('status');

      await tabTo(page, student(page, 'Kari').getByTestId('roll-student-present'));
      await expectFocusSeen(page);
      await page.keyboard.press('Enter');
      await expect.poll(() => student(page, 'Kari').getAttribute('data-state')).toBe('present');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect.poll(() => student(page, 'Lise').getAttribute('data-state')).toBe('present');
      await tabTo(page, page.getByRole('button', { name: 'Hele rommet til stede (rom 102)' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => count(page)).toBe('4 av 4 telt, 0 ikke funnet');
      await tabTo(page, page.getByRole('button', { name: 'Ikke funnet: Nils Tun' + width }));
      await page.keyboard.press('Enter');
      await expect.poll(() => count(page)).toBe('3 av 4 telt, 1 ikke funnet');
      await expectAxeClean(page, `the roll at ${width}`);
      await shoot(page, `roll-call-${width}`);

      await tabTo(page, page.getByTestId('roll-finish'));
      await page.keyboard.press('Enter');
      await page.getByTestId('roll-finish-dialog').waitFor();
      await page.keyboard.type('Nils var på do, funnet 22:20');
      await expectAxeClean(page, `finishing at ${width}`);
      await shoot(page, `roll-finish-${width}`);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByTestId('roll-finished').waitFor();
      await expectAxeClean(page, `the finished roll at ${width}`);
    });
  }
});
