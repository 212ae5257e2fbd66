import { CLASS_NAME_MAX_LENGTH } from '#protocol/classes';
import { STUDENT_NAME_MAX_LENGTH } from '#protocol/common';
import { ROOM_NUMBER_MAX_LENGTH } from '#protocol/maintenance';
import type { ColumnMapping, ImportField } from './fields';
import { cleanText } from './normalize';
import type { RefusalReason } from './refusal';
import type { StudentValues } from './registerStudent';

const HOUSE_MAX_LENGTH = 60;
const EXTERNAL_ID_MAX_LENGTH = 60;

const YES = new Set(['ja', 'j', 'x', '1', 'sann', 'true', 'yes', 'y']);
const NO = new Set(['nei', 'n', '0', 'usann', 'false', 'no']);

/** A row read through the mapping: the fields its columns hold, and whether the boarder cell said so. */
export interface RowValues {
  values: Omit<StudentValues, 'boarder'>;
  /** null when the file does not say (no such column, or the cell is empty). */
  boarder: boolean | null;
  /** The text fields the file has a column for; the others are left as the register has them. */
  mapped: Set<ImportField>;
}

type Refusal = { reason: RefusalReason; message: string };

/** 'Nordmann, Ola' (surname first, as administrative systems list) or 'Kari Anne Nordmann', split at the last space. */
function splitFullName(fullName: string): [string, string] {
  const comma = fullName.indexOf(',');
  if (comma !== -1) return [cleanText(fullName.slice(comma + 1)), cleanText(fullName.slice(0, comma))];
  const space = fullName.lastIndexOf(' ');
  return space === -1 ? [fullName, ''] : [fullName.slice(0, space), fullName.slice(space + 1)];
}

function boarderOf(cell: string): boolean | null | Refusal {
  const key = cell.toLocaleLowerCase('nb');
  if (key === '') return null;
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  return { reason: 'boarder', message: `Internatelev må være «ja» eller «nei», ikke «${cell}».` };
}

const hasLetterOrDigit = (text: string) => /[\p{L}\p{N}]/u.test(text);

function lengthRefusal(values: RowValues['values']): Refusal | null {
  const tooLong = (label: string, max: number) => ({ reason: 'tooLong' as const, message: `${label} kan være maks ${max} tegn.` });
  if (`${values.firstName} ${values.lastName}`.length > STUDENT_NAME_MAX_LENGTH) return tooLong('Navnet', STUDENT_NAME_MAX_LENGTH);
  if (values.className.length > CLASS_NAME_MAX_LENGTH) return tooLong('Klassenavnet', CLASS_NAME_MAX_LENGTH);
  if (values.house.length > HOUSE_MAX_LENGTH) return tooLong('Internatet', HOUSE_MAX_LENGTH);
  if (values.room.length > ROOM_NUMBER_MAX_LENGTH) return tooLong('Romnummeret', ROOM_NUMBER_MAX_LENGTH);
  if (values.externalId.length > EXTERNAL_ID_MAX_LENGTH) return tooLong('Elevnummeret', EXTERNAL_ID_MAX_LENGTH);
  return null;
}

/** A row's cells read through the mapping, or why the row cannot be read. */
export function rowValues(cells: readonly string[], mapping: ColumnMapping): RowValues | Refusal {
  const cell = (field: ImportField) => {
    const column = mapping.indexOf(field);
    return column === -1 ? '' : cleanText(cells[column] ?? '');
  };
  const mapped = new Set(mapping.filter((field): field is ImportField => field !== null));
  const [firstName, lastName] = mapped.has('fullName') ? splitFullName(cell('fullName')) : [cell('firstName'), cell('lastName')];
  if (!hasLetterOrDigit(firstName) && !hasLetterOrDigit(lastName)) return { reason: 'noName', message: 'Raden har ikke noe navn.' };
  if (!hasLetterOrDigit(firstName)) return { reason: 'noName', message: 'Raden mangler fornavn.' };
  if (!hasLetterOrDigit(lastName)) return { reason: 'noName', message: 'Raden mangler etternavn.' };
  const boarder = boarderOf(cell('boarder'));
  if (boarder !== null && typeof boarder === 'object') return boarder;
  const values = {
    externalId: cell('externalId'),
    firstName,
    lastName,
    className: cell('className'),
    house: cell('house'),
    room: cell('room'),
  };
  return lengthRefusal(values) ?? { values, boarder, mapped };
}
