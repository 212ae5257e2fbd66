import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_COLUMNS } from './columns';
import type { ExportMeta, ExportRow } from './rows';

/**
 * One row per report, written row by row into the zip as it streams out: a bold, frozen header,
 * widths that fit, text wrapped at the top of its cell. Text cells stay text: exceljs writes a
 * string that begins with '=' as a string, never as a formula.
 */
export function xlsxStream(rows: AsyncIterable<ExportRow>, meta: ExportMeta): Readable {
  const sheetName = 'Rapporter';
  void meta;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: { alignment: { wrapText: true, vertical: 'top' } },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
