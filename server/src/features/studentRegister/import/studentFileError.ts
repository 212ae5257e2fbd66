/** A file refused before anything is previewed; the message is for the Admin who uploaded it. */
export class StudentFileError extends Error {
  constructor(
    readonly code: StudentFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StudentFileError';
  }
}

export type StudentFileErrorCode =
  | 'tooLarge'
  | 'empty'
  | 'notSpreadsheet'
  | 'oldExcel'
  | 'zipBomb'
  | 'unreadableXlsx'
  | 'formula'
  | 'noHeader'
  | 'noRows'
  | 'tooManyRows'
  | 'tooManyColumns';

export const NOT_A_SPREADSHEET = 'Filen er ikke et regneark eller en CSV-fil.';
