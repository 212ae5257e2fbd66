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

/** A file above MAX_FILE_BYTES (limits.ts), refused as it arrives: nothing of it is kept. */
export const FILE_TOO_LARGE = 'Filen er større enn 5 MB. En elevliste er mye mindre: er det riktig fil?';
