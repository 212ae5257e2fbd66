import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * LibreOffice Calc's CSV import as an office opens our exports: ';' between cells, '"' around them,
 * UTF-8, from line 1, Norwegian (1044), and "Evaluate formulas" on (the 13th token), as Excel does.
 */
const CSV_AS_EXCEL_OPENS_IT = 'CSV:59,34,76,1,,1044,false,true,false,false,false,-1,true';

/**
 * Converts a file with headless LibreOffice (scripts/lib/ensureDeps.sh installs it), e.g. to 'pdf'
 * as Calc prints it. A profile of its own, so test files may run it at once.
 */
export function convertWithLibreOffice(name: string, bytes: Buffer, format: 'fods' | 'pdf', options: { csv?: boolean } = {}): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-libreoffice-'));
  try {
    const input = path.join(dir, name);
    writeFileSync(input, bytes);
    const run = spawnSync(
      process.env.SOFFICE_PATH ?? 'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        ...(options.csv ? [`--infilter=${CSV_AS_EXCEL_OPENS_IT}`] : []),
        '--convert-to',
        format,
        '--outdir',
        dir,
        input,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const output = path.join(dir, `${path.parse(name).name}.${format}`);
    try {
      return readFileSync(output);
    } catch {
      throw new Error(`LibreOffice did not open ${name}: ${run.stderr || run.stdout || run.error?.message}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sheet as LibreOffice holds it, as flat OpenDocument XML. */
export function openInLibreOffice(name: string, bytes: Buffer, options: { csv?: boolean } = {}): string {
  return convertWithLibreOffice(name, bytes, 'fods', options).toString('utf8');
}

/** The text of each cell of the first sheet, row by row (a line break inside a cell as '\n'). */
export function cellTexts(fods: string): string[][] {
  const decode = (text: string) =>
    text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);
  const paragraphs = (cell: string) =>
    [...cell.matchAll(/<text:p>([\s\S]*?)<\/text:p>|<text:p\/>/g)]
      .map(([, p]) =>
        (p ?? '')
          .replace(/<text:tab\/>/g, '\t')
          .replace(/<text:s\/>/g, ' ')
          .replace(/<text:s text:c="(\d+)"\/>/g, (_, n: string) => ' '.repeat(Number(n)))
          .replace(/<[^>]+>/g, ''),
      )
      .join('\n');
  const rows = [...fods.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) =>
    // An empty cell that repeats is written once, with the count.
    [...row!.matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(([, attributes, cell]) => {
      const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes!)?.[1] ?? 1);
      return Array<string>(Math.min(repeated, 64)).fill(decode(paragraphs(cell ?? '')));
    }),
  );
  return rows.filter((row) => row.some((cell) => cell !== ''));
}
