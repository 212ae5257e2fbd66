import { type ColumnMapping, FIELD_LABELS, type ImportField } from './fields';

/** Case, blanks and the punctuation headers vary in ('Elev-ID', 'Romnr.') do not count. */
export const headerKey = (header: string): string =>
  header
    .normalize('NFC')
    .toLocaleLowerCase('nb')
    .replace(/[\s\-_.:]/gu, '');

/** The headers Visma InSchool, WisWeb and schools' own sheets use, as `headerKey` gives them. */
const HEADERS: Record<ImportField, string[]> = {
  firstName: ['fornavn'],
  lastName: ['etternavn'],
  fullName: ['navn', 'elevnavn', 'fulltnavn'],
  className: ['klasse', 'basisgruppe', 'gruppe'],
  house: ['internat', 'hus', 'bygg'],
  room: ['rom', 'romnr', 'romnummer'],
  externalId: ['elevnummer', 'elevnr', 'elevid', 'id'],
  boarder: ['internatelev', 'borpåinternat'],
};

const FIELD_BY_HEADER = new Map(
  Object.entries(HEADERS).flatMap(([field, keys]) => keys.map((key) => [key, field as ImportField] as const)),
);

/** The field a header names, if any. */
export const fieldOfHeader = (header: string): ImportField | null => FIELD_BY_HEADER.get(headerKey(header)) ?? null;

/**
 * The automatic mapping: each column whose header names a field, the first such column where two
 * do. 'Navn' is read only when there is no Fornavn and Etternavn to read.
 */
export function mapHeaders(header: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  const mapping = header.map((cell) => {
    const field = fieldOfHeader(cell);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  if (taken.has('firstName') && taken.has('lastName')) return mapping.map((field) => (field === 'fullName' ? null : field));
  return mapping;
}

/** What stops a mapping from being used, in Norwegian; empty when it can be used. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  const counts = new Map<ImportField, number>();
  for (const field of mapping) if (field) counts.set(field, (counts.get(field) ?? 0) + 1);
  for (const [field, count] of counts) if (count > 1) problems.push(`${FIELD_LABELS[field]} er valgt for ${count} kolonner. Velg én.`);
  const first = counts.has('firstName');
  const last = counts.has('lastName');
  if (first !== last) problems.push('Velg både Fornavn og Etternavn, eller én kolonne med hele navnet.');
  else if (first && counts.has('fullName')) problems.push('Velg enten Navn eller Fornavn og Etternavn, ikke begge.');
  else if (!first && !counts.has('fullName'))
    problems.push('Velg hvilke kolonner som har fornavn og etternavn, eller én kolonne med hele navnet.');
  return problems;
}
