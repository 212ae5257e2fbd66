import { SESSION_COOKIE } from '../src/plugins/session';
import type { ApiClient } from './httpClient';

/** An export as the browser downloads it: a plain GET with the session cookie, the answer's bytes. */
export async function downloadExport(client: ApiClient, path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(client.baseUrl + path, { headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The CSV export's rows, the BOM left out. RFC 4180 with ';': quoted cells may hold ';', '""' and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
