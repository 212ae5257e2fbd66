import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_REPORT_MS, activityReporter } from './activityReporter';

/** The server's record of activity is never more than a minute behind, with at most one report a minute. */
describe('activityReporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the first activity at once, activity within the minute once at its end, nothing while idle', () => {
    const report = vi.fn();
    const reporter = activityReporter(report, globalThis);
    reporter.activity();
    expect(report).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    reporter.activity();
    reporter.activity();
    expect(report).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ACTIVITY_REPORT_MS - 10_000);
    expect(report).toHaveBeenCalledTimes(2);
    // No activity in the next minute: nothing sent, and the next activity goes at once.
    vi.advanceTimersByTime(5 * ACTIVITY_REPORT_MS);
    expect(report).toHaveBeenCalledTimes(2);
    reporter.activity();
    expect(report).toHaveBeenCalledTimes(3);
    reporter.stop();
    vi.advanceTimersByTime(5 * ACTIVITY_REPORT_MS);
    expect(report).toHaveBeenCalledTimes(3);
  });

  it('a person active all the time: one report a minute', () => {
    const report = vi.fn();
    const reporter = activityReporter(report, globalThis);
    for (let second = 0; second < 600; second += 1) {
      reporter.activity();
      vi.advanceTimersByTime(1000);
    }
    // At 0 s, then at the end of each minute: 60 s, 120 s, … 600 s.
    expect(report).toHaveBeenCalledTimes(11);
  });
});
