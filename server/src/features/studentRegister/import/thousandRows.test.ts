import { describe, expect, it } from 'vitest';
import { applyPreview } from './applyPreview';
import { mapHeaders } from './mapHeaders';
import { previewImport } from './previewImport';
import { readStudentFile } from './readStudentFile';
import { CLASSES, HEADER, studentRows, windows1252Csv, xlsxCells, xlsxOf } from './testFiles';

const timed = async <T>(what: string, work: () => Promise<T> | T): Promise<T> => {
  const start = performance.now();
  const result = await work();
  console.log(`${what}: ${(performance.now() - start).toFixed(0)} ms`);
  return result;
};

describe('1,000 students from an .xlsx and a Windows-1252 CSV', () => {
  it('reads both to the same rows, previews them as new, then as unchanged, then field by field', async () => {
    const rows = studentRows();
    const xlsx = await xlsxOf([HEADER, ...xlsxCells(rows)]);
    const csv = windows1252Csv([HEADER, ...rows]);
    const fromXlsx = await timed('read 1,000-row .xlsx', () => readStudentFile(xlsx, 'elever.xlsx'));
    const fromCsv = await timed('read 1,000-row CSV (Windows-1252)', () => readStudentFile(csv, 'elever.csv'));
    expect(fromCsv.encoding).toBe('windows-1252');
    expect(fromCsv.separator).toBe(';');
    expect(fromXlsx.header).toEqual(HEADER);
    expect(fromXlsx.rows).toEqual(fromCsv.rows);
    expect(fromCsv.rows).toHaveLength(1000);
    expect(fromCsv.rows[0]?.cells.slice(1, 3)).toEqual(['Åse', 'Ødegård']);

    const mapping = mapHeaders(fromCsv.header);
    const fresh = await timed('preview 1,000 rows, empty register', () => previewImport(fromCsv.rows, mapping, [], CLASSES));
    expect(fresh.created).toHaveLength(999);
    expect(fresh.refused).toEqual([{ line: 501, reason: 'duplicate', message: 'Samme elev som på rad 2.' }]);
    expect(fresh.created.filter((entry) => !entry.student.boarder)).toHaveLength(143);

    let id = 0;
    const register = applyPreview([], fresh, { newId: () => `s${(id += 1)}` });
    const again = await timed('preview 1,000 rows, same file again', () => previewImport(fromXlsx.rows, mapping, register, CLASSES));
    expect(again.unchanged).toHaveLength(999);
    expect([again.created, again.changed, again.missing]).toEqual([[], [], []]);
    expect(applyPreview(register, again, { newId: () => 'never' })).toEqual(register);

    // Ten students move room; the last five are no longer in the file.
    const moved = studentRows((i) => (i < 10 ? `B${i}` : String(100 + (i % 60)))).slice(0, -5);
    const changedFile = await readStudentFile(windows1252Csv([HEADER, ...moved]), 'elever.csv');
    const changed = previewImport(changedFile.rows, mapping, register, CLASSES);
    expect(changed.changed.map((entry) => entry.changes)).toEqual(
      Array.from({ length: 10 }, (_, i) => [{ field: 'room', from: String(100 + i), to: `B${i}` }]),
    );
    expect(changed.unchanged).toHaveLength(984);
    expect(changed.missing.map((student) => student.lastName)).toEqual(['Bråten 9', 'Bråten 9', 'Bråten 9', 'Bråten 9', 'Bråten 9']);
  });
});
