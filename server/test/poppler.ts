import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs one of poppler's tools (pdftotext, pdffonts, pdfinfo; scripts/lib/ensureDeps.sh installs
 * them) on a PDF's bytes and returns what it printed.
 */
export function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo', pdf: Buffer, args: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-poppler-'));
  try {
    const input = path.join(dir, 'dokument.pdf');
    writeFileSync(input, pdf);
    const run = spawnSync(tool, [...args, input, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 << 20,
    });
    if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr || run.error?.message}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page, as pdftotext reads it; with `layout`, laid out as printed (columns side by side). */
export const pdfPages = (pdf: Buffer, { layout = false } = {}): string[] =>
  poppler('pdftotext', pdf, layout ? ['-layout'] : [])
    .split('\f')
    .slice(0, -1);
