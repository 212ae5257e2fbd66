import type { Clock } from '../src/clock';
import { osloInstant } from '#protocol/time';

/**
 * A clock the test sets: to an instant, or to an Oslo wall time. Standing still by default (a
 * server test compares stored times with it); `ticking`, it runs on from where it was set, as the
 * browser's clock does in the browser tests, so each write there is later than the one before.
 */
export class TestClock implements Clock {
  private current: Date;
  private setAt = performance.now();

  constructor(
    start: Date = new Date(),
    private readonly options: { ticking?: boolean } = {},
  ) {
    this.current = start;
  }

  now(): Date {
    const elapsed = this.options.ticking ? Math.floor(performance.now() - this.setAt) : 0;
    return new Date(this.current.getTime() + elapsed);
  }

  set(instant: Date): void {
    this.current = instant;
    this.setAt = performance.now();
  }

  setOslo(day: string, hour: number, minute = 0): void {
    this.set(osloInstant(day, hour, minute));
  }
}
