import { describe, expect, it } from 'vitest';
import { runWithProgress } from './ferretBinary';

describe('building the embedded database', () => {
  it('says every few seconds what it is doing, and keeps the command’s own lines for an error', async () => {
    const lines: string[] = [];
    const script =
      'echo "go: downloading a v1" >&2; echo "go: downloading b v2" >&2; sleep 0.5; echo "noe gikk galt" >&2; sleep 0.6; exit 3';
    const run = await runWithProgress('sh', ['-c', script], {}, (line) => lines.push(line), 200);
    expect(run.status).toBe(3);
    expect(run.output).toContain('noe gikk galt');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(
      lines.every((line) => /^ {2}… (laster ned|kompilerer), 2 Go-moduler lastet ned \(\d+ s\)$/.test(line)),
      lines.join('\n'),
    ).toBe(true);
  });
});
