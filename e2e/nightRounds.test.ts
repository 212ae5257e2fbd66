import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TASK_LABELS } from '#protocol/taskButtons';
import { TestClock } from '../server/test/testClock';
import { shoot, waitForToast } from './actions';
import { axeViolations } from './axe';
import { osloInstant } from '#protocol/time';
import { api, clockedContexts, EVENING, openBoard, SHIFT_DAY } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);
beforeAll(async () => {
  e = await startE2E({ clock });
});
afterEach(() => contexts.reset());
afterAll(async () => e?.close());

const minutesAfterEvening = (minutes: number) => new Date(EVENING.getTime() + minutes * 60_000);
type Mine = { ticks: Array<{ taskId: string; label: string; at: string }> };

describe('rounds as nights have them (issue 44)', () => {
  for (const [width, viewport, supervisor] of [
    ['375', PHONE, () => e.fx.a.supervisor],
    ['1280', DESKTOP, () => e.fx.b.supervisor],
  ] as const) {
    it(`three rounds of one task in a night, listed with 'du', the colours explained, Angre by keyboard (${width} px)`, async () => {
      clock.set(EVENING);
      const page = await openBoard(await contexts.open(viewport), supervisor());
      const task = page.getByTestId('task-4');
      for (const minutes of [0, 120, 240]) {
        clock.set(minutesAfterEvening(minutes));
        await task.click();
        await waitForToast(page, 'Lagret');
      }
      const rounds = page.getByTestId('task-4-rounds');
      await expect.poll(() => rounds.locator('li').allInnerTexts()).toHaveLength(3);
      expect((await rounds.locator('li').allInnerTexts()).every((text) => text.startsWith('du '))).toBe(true);
      expect(await page.getByTestId('duty-legend').innerText()).toContain('Blå: du har gjort runden i natt');
      expect(await axeViolations(page), `board ${width}`).toEqual([]);
      await shoot(page, `night-rounds-${width}`);

      // Angre, reached by keyboard, takes back the latest of mine only.
      const undo = page.getByTestId('task-4-undo');
      await undo.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rounds.locator('li').count()).toBe(2);
      const mine = (await (await api(e.server.baseUrl, supervisor())).get<Mine>('/api/reports/my')).body;
      expect(mine.ticks.map((tick) => tick.label)).toEqual([DEFAULT_TASK_LABELS['4'], DEFAULT_TASK_LABELS['4']]);
      expect(mine.ticks.map((tick) => new Date(tick.at).getTime() - EVENING.getTime())).toEqual(
        [0, 120 * 60_000].map((ms) => expect.closeTo(ms, -5)),
      );
      // The header and the report card say the same shift after midnight.
      expect(await page.getByTestId('today').innerText()).toBe(await page.getByTestId('report-day').innerText());
      expect(await page.getByTestId('today').innerText()).toMatch(/^Natt til /);
    });
  }
});

describe('a round ticked in a Wi-Fi hole (issue 44)', () => {
  it('ticked at 22:10 off line and sent at 23:05, it is recorded and listed at 22:10 (375 px)', async () => {
    const at2210 = osloInstant(SHIFT_DAY, 22, 10);
    const at2305 = osloInstant(SHIFT_DAY, 23, 5);
    clock.set(at2210);
    const context = await contexts.open(PHONE);
    const page = await openBoard(context, e.fx.a.supervisor);
    await page.clock.setSystemTime(at2210);

    await context.setOffline(true);
    await page.getByTestId('task-3').click();
    await expect.poll(() => page.getByTestId('ticks-waiting').innerText()).toBe('Venter på nett');

    // Back in reach at 23:05, on the phone and on the server.
    clock.set(at2305);
    await page.clock.setSystemTime(at2305);
    await context.setOffline(false);
    await page.getByTestId('ticks-waiting').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('task-3-rounds').locator('li').allInnerTexts()).toEqual(['du 22:10']);
    const mine = (await (await api(e.server.baseUrl, e.fx.a.supervisor)).get<Mine>(`/api/reports/my?date=${SHIFT_DAY}`)).body;
    // The phone's clock ran on for the test's own fraction of a second.
    const times = mine.ticks.filter((tick) => tick.taskId === '3').map((tick) => new Date(tick.at).getTime() - at2210.getTime());
    expect(times).toEqual([expect.closeTo(0, -4)]);
    await shoot(page, 'night-rounds-offline-tick-375');
  });
});
