import { afterEach, describe, expect, it } from 'vitest';
import { appNow, installAppClock } from './appClock';
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
});
