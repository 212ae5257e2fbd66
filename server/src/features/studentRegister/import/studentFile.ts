/** A student file as read: the header row and the rows below it, every cell as text. */
export interface StudentFile {
  format: 'xlsx' | 'csv';
  /** CSV only: how its bytes were decoded and which separator it uses. */
  encoding?: 'utf-8' | 'windows-1252';
  separator?: ';' | ',';
  /** The header's row number in the file, as a spreadsheet shows it (1 = the first row). */
  headerLine: number;
  header: string[];
  rows: StudentFileRow[];
}

export interface StudentFileRow {
  /** The row number a spreadsheet shows for it, so a refusal can say 'rad 14'. */
  line: number;
  /** As many cells as the header has; a missing cell is ''. */
  cells: string[];
}
