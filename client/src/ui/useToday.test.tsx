import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, render, textOf, update } from '../testing/render';
import { useReportDay, useToday } from './useToday';

function Days() {
  return (
    <p>
      <span data-testid="today">{useToday()}</span>
      <span data-testid="report-day">{useReportDay()}</span>
    </p>
  );
}

const shown = () => ({ today: textOf(byTestId('today')), reportDay: textOf(byTestId('report-day')) });

afterEach(() => vi.useRealTimers());

/** A page left open from 30 seconds before `instant` until 30 seconds after it. */
async function openAcross(instant: string): Promise<{ before: ReturnType<typeof shown>; after: ReturnType<typeof shown> }> {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(Date.parse(instant) - 30_000));
  await render(<Days />);
  const before = shown();
  await update(() => {
    vi.advanceTimersByTime(60_000);
  });
  return { before, after: shown() };
}

describe("the board's date and report day move on while the page stays open", () => {
  it.each([
    ['midnight in winter (23:00 UTC)', '2026-11-20T23:00:00Z', '2026-11-20', '2026-11-21'],
    ['midnight before the spring-forward Sunday (CET)', '2026-03-28T23:00:00Z', '2026-03-28', '2026-03-29'],
    ['midnight before the fall-back Sunday (CEST, 22:00 UTC)', '2026-10-24T22:00:00Z', '2026-10-24', '2026-10-25'],
  ])("today's date turns at %s; the report day does not", async (_when, instant, before, after) => {
    const days = await openAcross(instant);

    expect(days.before.today).toBe(before);
    expect(days.after.today).toBe(after);
    // Past midnight, before 09:00: still the report day of the evening before.
    expect(days.after.reportDay).toBe(before);
  });

  it.each([
    ['09:00 in winter (08:00 UTC)', '2026-11-21T08:00:00Z', '2026-11-20', '2026-11-21'],
    ['09:00 on the spring-forward Sunday (CEST, 07:00 UTC)', '2026-03-29T07:00:00Z', '2026-03-28', '2026-03-29'],
    ['09:00 on the fall-back Sunday (CET, 08:00 UTC)', '2026-10-25T08:00:00Z', '2026-10-24', '2026-10-25'],
  ])('the report day turns at %s', async (_when, instant, before, after) => {
    const days = await openAcross(instant);

    expect(days.before.reportDay).toBe(before);
    expect(days.after.reportDay).toBe(after);
    expect(days.after.today).toBe(after);
  });

  it('07:00 UTC on the fall-back Sunday is 08:00 in Oslo: still the day before', async () => {
    const days = await openAcross('2026-10-25T07:00:00Z');

    expect(days.after.reportDay).toBe('2026-10-24');
    expect(days.after.today).toBe('2026-10-25');
  });
});
