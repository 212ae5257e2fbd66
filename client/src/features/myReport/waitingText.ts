/** A report text saved off line: the text itself waits in its draft (reportDrafts.ts), with the version it was written from. */
export type WaitingText = { userId: string; date: string };
export const TEXT_KIND = 'reportText';
