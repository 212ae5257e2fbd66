export type Separator = ';' | ',';

/** Lines looked at: a title row above the header may have no separator at all. */
const SNIFFED_LINES = 10;

/**
 * The separator the first lines use most, counted outside quotes: ';' from Excel in a Norwegian
 * locale, ',' from most other tools. Lines with neither are one column; ';' then.
 */
export function detectSeparator(text: string): Separator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  let lines = 0;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n') {
      lines += 1;
      if (lines >= SNIFFED_LINES) break;
    } else if (char === ';') semicolons += 1;
    else if (char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * RFC 4180 records: a quoted field may hold the separator, quotes doubled ("") and line breaks;
 * records end at CRLF, LF or CR. A quote inside an unquoted field is kept as it is, as Excel does.
 * Each record comes with the line it starts on, as a spreadsheet would number it.
 */
export function parseCsv(text: string, separator: Separator): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atFieldStart = true;
  let record = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    atFieldStart = true;
  };
  const endRecord = () => {
    endCell();
    records.push({ line: record, cells });
    cells = [];
    record += 1;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else {
      cell += char;
      atFieldStart = false;
    }
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return records;
}
