/** What an uploaded student file may be (docs/decisions.md, 'Reading the school's student files'). */

/** A school's export of 1,000 students is about 60 kB as .xlsx and 80 kB as .csv; 5 MB is far above any school. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** What the parts of an .xlsx may inflate to, together: far above a real sheet, far below what hurts the server. */
export const MAX_INFLATED_BYTES = 40 * 1024 * 1024;
/** A workbook has a dozen parts; thousands are a file built to hurt. */
export const MAX_ZIP_ENTRIES = 2_000;
/** Rows below the header. */
export const MAX_ROWS = 20_000;
export const MAX_COLUMNS = 200;
