/** What a column of a student file can hold. 'fullName' is split into first and last name. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'fullName', 'className', 'house', 'room', 'externalId', 'boarder'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The field's name on the screen. */
export const FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'Fornavn',
  lastName: 'Etternavn',
  fullName: 'Navn',
  className: 'Klasse',
  house: 'Internat',
  room: 'Rom',
  externalId: 'Elevnummer',
  boarder: 'Internatelev',
};

/**
 * Which column holds which field: one entry per column of the file, null for a column not read.
 * The automatic mapping (`mapHeaders`) is the default; the screen may change it.
 */
export type ColumnMapping = (ImportField | null)[];
