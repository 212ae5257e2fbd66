import type { Clock } from '../src/clock';
import { osloInstant } from '#protocol/time';

/** A clock the test sets: to an instant, or to an Oslo wall time. */
export class TestClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = start;
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date): void {
    this.current = instant;
  }

  setOslo(day: string, hour: number, minute = 0): void {
    this.current = osloInstant(day, hour, minute);
  }
}
