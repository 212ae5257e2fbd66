export type RefusalReason = 'noName' | 'tooLong' | 'boarder' | 'duplicate' | 'ambiguous' | 'unknownClass';

/** A file row the import leaves out, and why, in words for the Admin. */
export interface RefusedRow {
  line: number;
  reason: RefusalReason;
  message: string;
}
