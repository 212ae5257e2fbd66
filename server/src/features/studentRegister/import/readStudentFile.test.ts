import { describe, expect, it } from 'vitest';
import { readStudentFile } from './readStudentFile';
import { windows1252Csv, xlsxOf } from './testFiles';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('readStudentFile: CSV', () => {
  it('reads UTF-8 with a BOM, ";" and quoted fields holding separators, quotes and line breaks', async () => {
    const file = await readStudentFile(
      utf8('\uFEFFFornavn;Etternavn;Klasse\r\n"Ola; Jr.";"Nord""mann";1A\r\n"Kari\nAnne";Ås;2B\r\n'),
      'elever.csv',
    );
    expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8', separator: ';', headerLine: 1 });
    expect(file.header).toEqual(['Fornavn', 'Etternavn', 'Klasse']);
    expect(file.rows).toEqual([
      { line: 2, cells: ['Ola; Jr.', 'Nord"mann', '1A'] },
      { line: 3, cells: ['Kari\nAnne', 'Ås', '2B'] },
    ]);
  });

  it('detects "," and UTF-8 without a BOM, and pads short rows', async () => {
    const file = await readStudentFile(utf8('Navn,Klasse,Rom\nPer Ødegård,"1A, B"\n'), 'elever.csv');
    expect(file.separator).toBe(',');
    expect(file.rows).toEqual([{ line: 2, cells: ['Per Ødegård', '1A, B', ''] }]);
  });

  it('decodes Windows-1252 when the bytes are not UTF-8', async () => {
    const file = await readStudentFile(
      windows1252Csv([
        ['Fornavn', 'Etternavn'],
        ['Bjørn', 'Ærø-Åsen'],
      ]),
      'elever.csv',
    );
    expect(file.encoding).toBe('windows-1252');
    expect(file.rows[0]?.cells).toEqual(['Bjørn', 'Ærø-Åsen']);
  });

  it('finds the header below a title row and skips empty rows', async () => {
    const file = await readStudentFile(utf8('Elevliste 2026/27\n\nFornavn;Etternavn\n;\nOla;Nordmann\n'), 'liste.csv');
    expect(file.headerLine).toBe(3);
    expect(file.rows).toEqual([{ line: 5, cells: ['Ola', 'Nordmann'] }]);
  });

  it('keeps a cell that starts with = + - @ as the text it is', async () => {
    const file = await readStudentFile(utf8('Fornavn;Etternavn;Rom\n=1+1;@SUM(A1);-3\n'), 'elever.csv');
    expect(file.rows[0]?.cells).toEqual(['=1+1', '@SUM(A1)', '-3']);
  });
});

describe('readStudentFile: xlsx', () => {
  it('reads text, numbers, booleans and rich text as text', async () => {
    const bytes = await xlsxOf([
      ['Elevnummer', 'Fornavn', 'Etternavn', 'Rom', 'Internatelev'],
      [12345, { richText: [{ text: 'Si' }, { text: 'nne' }] }, 'Øye', 101, true],
    ]);
    const file = await readStudentFile(bytes, 'elever.xlsx');
    expect(file.format).toBe('xlsx');
    expect(file.rows).toEqual([{ line: 2, cells: ['12345', 'Sinne', 'Øye', '101', 'ja'] }]);
  });
});
