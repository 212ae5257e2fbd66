import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';

/** Test files made in memory, as schools' tools write them. */

export async function xlsxOf(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Elever');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvCell = (value: string) => (/[;,"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** What Excel in a Norwegian locale saves as 'CSV (semikolondelt)': Windows-1252, ';', CRLF. */
export function windows1252Csv(rows: readonly (readonly string[])[]): Buffer {
  const text = rows.map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';
  const bytes = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // Latin-1 letters (æ, ø, å among them) have the same byte in Windows-1252.
    if (code > 0xff) throw new Error(`Not in Windows-1252 as written here: ${text[i]}`);
    bytes[i] = code;
  }
  return bytes;
}

/**
 * A zip of one part, deflated, whose central directory says it inflates to `declaredSize`
 * (which may be a lie). The CRC is left 0: the reader refuses before any CRC is looked at.
 */
export function zipOf(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

/** The students of the 1,000-row tests (issue 46), with æ, ø and å. */
const FIRST = ['Åse', 'Bjørn', 'Ærlig', 'Øystein', 'Kari', 'Ola', 'Siri', 'Håkon', 'Mari', 'Jørgen'];
const LAST = ['Ødegård', 'Sæther', 'Åsheim', 'Berg', 'Dahl', 'Lie', 'Næss', 'Strøm', 'Haugen', 'Bråten'];
export const CLASSES = ['1STA', '1STB', '2STA', '2STB', '3STA'];
const HOUSES = ['Nordtun', 'Sørtun', 'Østtun'];
export const HEADER = ['Elevnummer', 'Fornavn', 'Etternavn', 'Basisgruppe', 'Internat', 'Romnr', 'Internatelev'];

/** 999 students and, at row 501, the student of row 2 again: 1,000 rows. */
export function studentRows(roomOf = (i: number) => String(100 + (i % 60))): string[][] {
  const rows = Array.from({ length: 999 }, (_, i) => [
    String(10_000 + i),
    FIRST[i % 10] ?? '',
    `${LAST[Math.floor(i / 10) % 10] ?? ''}${i >= 100 ? ` ${Math.floor(i / 100)}` : ''}`,
    CLASSES[i % CLASSES.length] ?? '',
    HOUSES[i % HOUSES.length] ?? '',
    roomOf(i),
    i % 7 === 0 ? 'nei' : 'ja',
  ]);
  rows.splice(499, 0, [...(rows[0] ?? [])]);
  return rows;
}

export const xlsxCells = (rows: string[][]) => rows.map(([id, ...rest]) => [Number(id), ...rest]);
