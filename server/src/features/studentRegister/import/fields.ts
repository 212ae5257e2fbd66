import { IMPORT_FIELD_LABELS, type ImportFieldName } from '#protocol/registerImport';

/** What a column of a student file can hold. 'fullName' is split into first and last name. */
export type ImportField = ImportFieldName;

/** The field's name on the screen. */
export const FIELD_LABELS = IMPORT_FIELD_LABELS;

/**
 * Which column holds which field: one entry per column of the file, null for a column not read.
 * The automatic mapping (`mapHeaders`) is the default; the screen may change it.
 */
export type ColumnMapping = (ImportField | null)[];
