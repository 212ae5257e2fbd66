import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isResetWindow, reportDay } from '#protocol';
import { json, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { KARI, myReportBody } from '../../testing/reportBodies';
import { byTestId, render, textOf, update } from '../../testing/render';
import { useMyReportStore } from '../myReport/myReportStore';
import { resetStores } from '../../stores/registry';
import { useReportClock } from './useReportClock';

const DAY = '2026-11-20';
const NEXT_DAY = '2026-11-21';

/** What the board derives from the clock: the report day and whether 08:30–09:00 holds. */
function Clock() {
  const now = useReportClock(true);
  return <span data-testid="clock">{`${reportDay(now)} ${isResetWindow(now) ? 'tilbakestilling' : 'åpen'}`}</span>;
}

/**
 * What the server says of the open report day. This file fakes the page's timers, which a real
 * server in the same process would stop on; the server's own day and window are tested in
 * server/src/features/reports/reports.test.ts.
 */
let server: { today: string; resetWindow: boolean; sent: SentRequest[] };
const reads = () => server.sent.filter((r) => r.method === 'GET' && r.url === '/api/reports/my').length;
const shown = () => textOf(byTestId('clock'));
const wait = (ms: number) => update(() => vi.advanceTimersByTimeAsync(ms).then(() => {}));

beforeEach(async () => {
  localStorage.clear();
  resetStores();
  server = { today: DAY, resetWindow: false, sent: [] };
  server.sent = stubFetch(() => json(myReportBody(server.today, { resetWindow: server.resetWindow })));
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});

afterEach(() => vi.useRealTimers());

async function openAt(instant: string): Promise<void> {
  vi.setSystemTime(new Date(instant));
  await useMyReportStore.getState().start(KARI);
  await render(<Clock />);
}

describe('the board moves on at 08:30 and 09:00 Oslo while the page stays open', () => {
  it('08:30: the reset window starts, and the server is asked again', async () => {
    await openAt('2026-11-21T07:29:50Z');
    expect(shown()).toBe(`${DAY} åpen`);
    const before = reads();

    server.resetWindow = true;
    await wait(9_000);
    expect(shown()).toBe(`${DAY} åpen`);
    await wait(3_000);

    expect(shown()).toBe(`${DAY} tilbakestilling`);
    expect(reads()).toBe(before + 1);
    expect(useMyReportStore.getState().report?.resetWindow).toBe(true);
  });

  it('09:00: the new report day opens once the server agrees', async () => {
    await openAt('2026-11-21T07:59:50Z');
    expect(shown()).toBe(`${DAY} tilbakestilling`);

    server.today = NEXT_DAY;
    await wait(12_000);

    expect(shown()).toBe(`${NEXT_DAY} åpen`);
    expect(useMyReportStore.getState().day).toBe(NEXT_DAY);
  });

  it('a server whose clock is behind is asked again every 15 s until it has crossed 09:00 too', async () => {
    await openAt('2026-11-21T07:59:50Z');
    const before = reads();

    await wait(12_000);
    expect(reads()).toBe(before + 1);
    expect(useMyReportStore.getState().day).toBe(DAY);

    await wait(15_000);
    expect(reads()).toBe(before + 2);

    server.today = NEXT_DAY;
    await wait(15_000);
    expect(reads()).toBe(before + 3);
    expect(useMyReportStore.getState().day).toBe(NEXT_DAY);

    await wait(60_000);
    expect(reads()).toBe(before + 3);
  });

  it('a phone that slept past 09:00 moves on when it is shown again', async () => {
    await openAt('2026-11-20T21:00:00Z');
    expect(shown()).toBe(`${DAY} åpen`);

    // Asleep: the clock moved on, no timer ran.
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    server.today = NEXT_DAY;
    await update(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(shown()).toBe(`${NEXT_DAY} åpen`);
    await update(() => vi.waitFor(() => expect(useMyReportStore.getState().day).toBe(NEXT_DAY)));
  });
});
