/** What is known not to meet WCAG 2.1 AA (or 2.2 AA) yet. Update it when a gap is closed or found. */
export const STATEMENT_DATE = '2026-11-24';

export const KNOWN_GAPS: readonly string[] = [
  'Datofeltene bruker nettleserens egen datovelger; hvordan den leses opp, avhenger av nettleser og skjermleser.',
];
