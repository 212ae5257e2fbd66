import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_INFLATED_BYTES, MAX_ROWS } from './limits';
import { readStudentFile } from './readStudentFile';
import { zipOf, xlsxOf } from './testFiles';

async function refusal(bytes: Buffer, fileName = 'elever.xlsx') {
  try {
    await readStudentFile(bytes, fileName);
  } catch (error) {
    return error as { name: string; code: string; message: string };
  }
  throw new Error('The file was read');
}

describe('readStudentFile refuses bad files with a Norwegian message', () => {
  it('a binary file that is neither a spreadsheet nor text', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(await refusal(png, 'elever.csv')).toMatchObject({
      name: 'StudentFileError',
      code: 'notSpreadsheet',
      message: 'Filen er ikke et regneark eller en CSV-fil.',
    });
  });

  it('an old .xls', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusal(xls, 'elever.xls')).toMatchObject({ code: 'oldExcel', message: expect.stringMatching(/^Gamle Excel-filer/) });
  });

  it('a zip that is not a workbook', async () => {
    expect(await refusal(zipOf('notes.txt', Buffer.from('hei')))).toMatchObject({ code: 'unreadableXlsx' });
  });

  it('a file over the size limit, before reading it', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 'a');
    expect(await refusal(big, 'elever.csv')).toMatchObject({
      code: 'tooLarge',
      message: expect.stringMatching(/^Filen er større enn 5 MB/),
    });
  });

  it('a zip bomb that declares its size', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(MAX_INFLATED_BYTES + 1));
    expect(bomb.length).toBeLessThan(MAX_FILE_BYTES);
    expect(await refusal(bomb)).toMatchObject({
      code: 'zipBomb',
      message: expect.stringMatching(/^Regnearket pakker seg ut til mer enn 40 MB/),
    });
  });

  it('a zip bomb that lies about its size: inflating stops at the size it declared', async () => {
    const liar = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(20 * 1024 * 1024), 1000);
    expect(await refusal(liar)).toMatchObject({ code: 'zipBomb' });
  });

  it('a formula in a cell, naming the cell', async () => {
    const bytes = await xlsxOf([
      ['Fornavn', 'Etternavn', 'Navn'],
      ['Ola', 'Nordmann', { formula: 'A2&" "&B2', result: 'Ola Nordmann' }],
    ]);
    expect(await refusal(bytes)).toMatchObject({
      code: 'formula',
      message: 'Regnearket har formler (celle C2). Formler leses ikke: kopier cellene, lim dem inn som verdier, og last opp filen igjen.',
    });
  });

  it('an empty file, and one with nothing but blanks', async () => {
    expect(await refusal(Buffer.alloc(0), 'elever.csv')).toMatchObject({ code: 'empty', message: 'Filen er tom.' });
    expect(await refusal(Buffer.from(';;\r\n\r\n'), 'elever.csv')).toMatchObject({ code: 'empty' });
    expect(await refusal(await xlsxOf([]))).toMatchObject({ code: 'empty' });
  });

  it('a header with no rows below it', async () => {
    expect(await refusal(Buffer.from('Fornavn;Etternavn\r\n'), 'elever.csv')).toMatchObject({
      code: 'noRows',
      message: 'Filen har overskrifter, men ingen elever under dem.',
    });
    expect(await refusal(await xlsxOf([['Fornavn', 'Etternavn']]))).toMatchObject({ code: 'noRows' });
  });

  it('more rows than an import may have', async () => {
    const csv = Buffer.from(`Fornavn;Etternavn\n${'Ola;Nordmann\n'.repeat(MAX_ROWS + 1)}`);
    expect(await refusal(csv, 'elever.csv')).toMatchObject({
      code: 'tooManyRows',
      message: 'Filen har 20\u00a0001 rader; en import kan ha høyst 20\u00a0000.',
    });
  });
});
