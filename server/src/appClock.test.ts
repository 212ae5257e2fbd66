import { afterEach, describe, expect, it } from 'vitest';
import { appNow, installAppClock, storedOnClock } from './appClock';
import { TestClock } from '../test/testClock';

const ELSEWHEN = new Date('2031-05-06T19:00:00.000Z');
const releases: Array<() => void> = [];
const install = (clock: TestClock) => releases[releases.push(installAppClock(clock)) - 1]!;
afterEach(() => releases.splice(0).forEach((release) => release()));

describe('the process’s app clock', () => {
  it('is the installed app’s clock until the app gives it back, then the system clock', () => {
    const release = install(new TestClock(ELSEWHEN));
    expect(appNow()).toEqual(ELSEWHEN);
    release();
    expect(Math.abs(appNow().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('is shared by apps open at once, and refuses a second clock while one is held', () => {
    const clock = new TestClock(ELSEWHEN);
    const first = install(clock);
    const second = install(clock);
    expect(() => installAppClock(new TestClock())).toThrow(/another clock/);
    first();
    first(); // twice from the same app counts once: the clock is still held by the other
    expect(appNow()).toEqual(ELSEWHEN);
    second();
    const later = new Date('2032-01-01T00:00:00.000Z');
    install(new TestClock(later));
    expect(appNow()).toEqual(later);
  });

  it('is another clock inside storedOnClock alone, there through every await, and the app’s again outside it', async () => {
    install(new TestClock(ELSEWHEN));
    const then = new Date('2026-10-20T20:15:00.000Z');
    const seen: Date[] = [];
    const elsewhere = new Promise<Date>((resolve) => setTimeout(() => resolve(appNow()), 5));
    await storedOnClock(new TestClock(then), async () => {
      seen.push(appNow());
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push(appNow());
    });
    expect(seen).toEqual([then, then]);
    // Work running meanwhile, outside it, kept the app's clock.
    expect(await elsewhere).toEqual(ELSEWHEN);
    expect(appNow()).toEqual(ELSEWHEN);
  });
});
