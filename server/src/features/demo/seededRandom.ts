/**
 * Random choices that come out the same at every run (mulberry32 from a fixed seed): the demo's
 * history differs only by the day it is written on.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` different items, in the order drawn. */
  pickSome<T>(items: readonly T[], count: number): T[] {
    const left = [...items];
    const picked: T[] = [];
    while (picked.length < count && left.length > 0) picked.push(left.splice(Math.floor(this.next() * left.length), 1)[0]!);
    return picked;
  }

  /** An id of 16 hex digits, for a tick (protocol tickIdSchema). */
  hexId(): string {
    return Array.from({ length: 4 }, () => this.between(0, 0xffff).toString(16).padStart(4, '0')).join('');
  }
}
