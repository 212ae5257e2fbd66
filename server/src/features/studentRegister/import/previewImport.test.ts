import { describe, expect, it } from 'vitest';
import { applyPreview } from './applyPreview';
import { mapHeaders, mappingProblems } from './mapHeaders';
import { previewImport } from './previewImport';
import type { RegisterStudent } from './registerStudent';

const CLASSES = ['1A', '2B'];
const HEADER = ['Elevnummer', 'Fornavn', 'Etternavn', 'Klasse', 'Internat', 'Rom'];

const rowsOf = (cells: string[][]) => cells.map((row, i) => ({ line: i + 2, cells: row }));
const student = (overrides: Partial<RegisterStudent>): RegisterStudent => ({
  id: 's1',
  externalId: '',
  firstName: 'Ola',
  lastName: 'Nordmann',
  className: '1A',
  house: 'Nordtun',
  room: '12',
  boarder: true,
  leftAt: null,
  ...overrides,
});

let nextId = 0;
const newId = () => `new${(nextId += 1)}`;

describe('mapHeaders', () => {
  it('matches Norwegian headers without regard to case, blanks and hyphens', () => {
    expect(mapHeaders(['ELEV-ID', ' fornavn ', 'Etter navn', 'Basisgruppe', 'Hus', 'Romnr.', 'Bor på internat', 'Merknad'])).toEqual([
      'externalId',
      'firstName',
      'lastName',
      'className',
      'house',
      'room',
      'boarder',
      null,
    ]);
  });

  it('reads Navn only without Fornavn and Etternavn, and says what a mapping lacks', () => {
    expect(mapHeaders(['Navn', 'Fornavn', 'Etternavn'])).toEqual([null, 'firstName', 'lastName']);
    expect(mapHeaders(['Navn', 'Gruppe'])).toEqual(['fullName', 'className']);
    expect(mappingProblems(['fullName', 'className'])).toEqual([]);
    expect(mappingProblems(['firstName', 'className'])).toEqual(['Velg både Fornavn og Etternavn, eller én kolonne med hele navnet.']);
    expect(mappingProblems(['room', 'room'])).toContain('Rom er valgt for 2 kolonner. Velg én.');
  });
});

describe('previewImport', () => {
  it('splits a full name at the last space, or at a comma when the surname comes first', () => {
    const preview = previewImport(rowsOf([['Kari Anne Hansen'], ['Nordmann, Ola']]), ['fullName'], [], []);
    expect(preview.created.map(({ student: s }) => [s.firstName, s.lastName])).toEqual([
      ['Kari Anne', 'Hansen'],
      ['Ola', 'Nordmann'],
    ]);
  });

  it('matches by external id, else by name without regard to case and blanks', () => {
    const register = [student({ id: 'a', externalId: '77', firstName: 'Per', lastName: 'Ås' }), student({ id: 'b' })];
    const preview = previewImport(
      rowsOf([
        ['77', 'Peder', 'Ås', '1A', 'Nordtun', '12'],
        ['', ' ola ', 'NORDMANN', '1A', 'Nordtun', '12'],
      ]),
      mapHeaders(HEADER),
      register,
      CLASSES,
    );
    expect(preview.changed.map(({ studentId, changes }) => [studentId, changes])).toEqual([
      ['a', [{ field: 'firstName', from: 'Per', to: 'Peder' }]],
      [
        'b',
        [
          { field: 'firstName', from: 'Ola', to: 'ola' },
          { field: 'lastName', from: 'Nordmann', to: 'NORDMANN' },
        ],
      ],
    ]);
  });

  it('takes a same-named student with another external id for someone else', () => {
    const preview = previewImport(
      rowsOf([['88', 'Ola', 'Nordmann', '1A', '', '']]),
      mapHeaders(HEADER),
      [student({ externalId: '77' })],
      CLASSES,
    );
    expect(preview.created).toHaveLength(1);
    expect(preview.missing.map((s) => s.id)).toEqual(['s1']);
  });

  it('refuses rows with no name, an unknown class (listed), a duplicate, an ambiguous name, and a bad boarder value', () => {
    const register = [student({ id: 'x', firstName: 'Eva', lastName: 'Li' }), student({ id: 'y', firstName: 'Eva', lastName: 'Li' })];
    const preview = previewImport(
      rowsOf([
        ['', '', '', '1A', '', ''],
        ['1', 'Ola', 'Nordmann', '3C', '', ''],
        ['2', 'Kari', 'Nordmann', '3c', '', ''],
        ['1', 'Ola', 'Nordmann', '3C', '', ''],
        ['', 'Eva', 'Li', '1A', '', ''],
      ]),
      mapHeaders(HEADER),
      register,
      CLASSES,
    );
    expect(preview.refused).toEqual([
      { line: 2, reason: 'noName', message: 'Raden har ikke noe navn.' },
      { line: 3, reason: 'unknownClass', message: 'Klassen 3C finnes ikke ennå.' },
      { line: 4, reason: 'unknownClass', message: 'Klassen 3c finnes ikke ennå.' },
      { line: 5, reason: 'duplicate', message: 'Samme elev som på rad 3.' },
      {
        line: 6,
        reason: 'ambiguous',
        message: 'Flere elever i registeret heter Eva Li. Legg til elevnummer i filen, så de kan skilles.',
      },
    ]);
    expect(preview.unknownClasses).toEqual([{ name: '3C', lines: [3, 4] }]);
    // Named by a refused row: not offered as 'Sluttet'.
    expect(preview.missing).toEqual([]);
    const boarder = previewImport(rowsOf([['Ola', 'Nordmann', 'kanskje']]), ['firstName', 'lastName', 'boarder'], [], []);
    expect(boarder.refused[0]?.message).toBe('Internatelev må være «ja» eller «nei», ikke «kanskje».');
  });

  it('flags text a spreadsheet would run as a formula, and keeps it as text', () => {
    const preview = previewImport(rowsOf([['=Ola', 'Nordmann', '+1']]), ['firstName', 'lastName', 'room'], [], []);
    expect(preview.created[0]).toMatchObject({ student: { firstName: '=Ola', room: '+1' }, formulaLike: ['firstName', 'room'] });
  });

  it('keeps what the file has no column for, never clears an external id, and takes back a student who had left', () => {
    const register = [student({ externalId: '77', leftAt: '2026-06-20' })];
    const preview = previewImport(rowsOf([['Ola', 'Nordmann', '2B']]), ['firstName', 'lastName', 'className'], register, CLASSES);
    expect(preview.changed[0]?.changes).toEqual([
      { field: 'className', from: '1A', to: '2B' },
      { field: 'leftAt', from: '2026-06-20', to: null },
    ]);
    const [after] = applyPreview(register, preview, { newId });
    expect(after).toEqual({ ...register[0], className: '2B', leftAt: null });
  });

  it('offers students the file does not name as Sluttet, and applying marks only those chosen', () => {
    const register = [
      student({ id: 'a' }),
      student({ id: 'b', firstName: 'Kari' }),
      student({ id: 'c', firstName: 'Gone', leftAt: '2025-06-20' }),
    ];
    const preview = previewImport(rowsOf([['Ola', 'Nordmann']]), ['firstName', 'lastName'], register, CLASSES);
    expect(preview.unchanged).toEqual([{ line: 2, studentId: 'a' }]);
    expect(preview.missing).toEqual([{ id: 'b', firstName: 'Kari', lastName: 'Nordmann', className: '1A' }]);
    const after = applyPreview(register, preview, { newId, left: { ids: ['b'], on: '2026-11-28' } });
    expect(after.map((s) => [s.id, s.leftAt])).toEqual([
      ['a', null],
      ['b', '2026-11-28'],
      ['c', '2025-06-20'],
    ]);
  });
});
