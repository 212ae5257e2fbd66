/**
 * Work run a few at a time per lane (a school) and a bounded number in all: a lane whose work
 * hangs (a school's devices behind a push service that never answers) holds only its own few
 * places, and the other lanes' work starts beside it (issue 43). Waiting work starts in the order
 * it came, skipping work of a lane that is full.
 */
export class Lanes {
  private running = 0;
  private readonly runningIn = new Map<string, number>();
  private readonly waiting: Array<{ lane: string; start: () => void }> = [];

  constructor(
    private readonly perLane: number,
    private readonly inAll: number,
  ) {}

  async run<T>(lane: string, work: () => Promise<T>): Promise<T> {
    if (this.hasRoom(lane)) this.take(lane);
    else await new Promise<void>((start) => this.waiting.push({ lane, start }));
    try {
      return await work();
    } finally {
      this.release(lane);
    }
  }

  private hasRoom(lane: string): boolean {
    return this.running < this.inAll && (this.runningIn.get(lane) ?? 0) < this.perLane;
  }

  private take(lane: string): void {
    this.running += 1;
    this.runningIn.set(lane, (this.runningIn.get(lane) ?? 0) + 1);
  }

  private release(lane: string): void {
    this.running -= 1;
    const left = this.runningIn.get(lane)! - 1;
    if (left === 0) this.runningIn.delete(lane);
    else this.runningIn.set(lane, left);
    const next = this.waiting.findIndex((w) => this.hasRoom(w.lane));
    if (next < 0) return;
    const [chosen] = this.waiting.splice(next, 1);
    this.take(chosen!.lane);
    chosen!.start();
  }
}
