import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A test server's log where an operator would read it: the file LOG_FILE names, one per test file. */
export class TestLogFile {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-log-'));
  /** For the server's settings: `{ LOG_FILE: log.path }`. */
  readonly path = path.join(this.dir, 'tilsynsvakt.log');

  /** The lines in the file now (the logger writes them out shortly after each is logged). */
  lines(): string[] {
    try {
      return readFileSync(this.path, 'utf8').split('\n').filter(Boolean);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  /**
   * Every line logged so far: the logger writes in order, so once a last line of the test's own is
   * in the file, so is everything before it (that line is left out).
   */
  async allLines(log: FastifyBaseLogger): Promise<string[]> {
    if (!['info', 'debug', 'trace'].includes(log.level)) throw new Error(`allLines logs at info; the server logs at ${log.level}`);
    const mark = `testens siste linje ${randomUUID()}`;
    log.info(mark);
    for (const until = Date.now() + 5_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 10))) {
      const lines = this.lines();
      if (lines.some((line) => line.includes(mark))) return lines.filter((line) => !line.includes(mark));
    }
    throw new Error(`the log file ${this.path} did not get the test's last line`);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
