/** A student in the register as the preview sees it; '' is 'none' for the text fields. */
export interface RegisterStudent {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  className: string;
  house: string;
  room: string;
  boarder: boolean;
  /** The day they left ('Sluttet'), 'YYYY-MM-DD'; null while they are at the school. */
  leftAt: string | null;
}

/** What a file row says about a student once read: the register's fields but id and leftAt. */
export type StudentValues = Omit<RegisterStudent, 'id' | 'leftAt'>;
export type StudentTextField = Exclude<keyof StudentValues, 'boarder'>;
