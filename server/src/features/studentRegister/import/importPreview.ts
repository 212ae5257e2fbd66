import type { RefusedRow } from './refusal';
import type { RegisterStudent, StudentTextField, StudentValues } from './registerStudent';

export interface FieldChange {
  field: keyof StudentValues | 'leftAt';
  from: string | boolean | null;
  to: string | boolean | null;
}

/** What applying a file would do; nothing is written until the Admin applies it. */
export interface ImportPreview {
  created: { line: number; student: StudentValues; formulaLike: StudentTextField[] }[];
  changed: {
    line: number;
    studentId: string;
    student: StudentValues;
    changes: FieldChange[];
    formulaLike: StudentTextField[];
  }[];
  unchanged: { line: number; studentId: string }[];
  /** At the school in the register, not named in the file: offered as 'Sluttet', never removed. */
  missing: Pick<RegisterStudent, 'id' | 'firstName' | 'lastName' | 'className'>[];
  refused: RefusedRow[];
  /** Classes the file names that the school does not have, with the rows refused for them. */
  unknownClasses: { name: string; lines: number[] }[];
}
