/** What is known not to meet WCAG 2.1 AA (or 2.2 AA) yet. Update it when a gap is closed or found. */
export const STATEMENT_DATE = '2026-11-24';

export const KNOWN_GAPS: readonly string[] = [
  'Løsningen er testet automatisk (axe-core, tastaturtester, Lighthouse), men ennå ikke av brukere med skjermleser (NVDA, JAWS, VoiceOver, TalkBack).',
  'Rapportene som lastes ned som PDF og Excel, er ikke merket for skjermleser (ikke tagget PDF).',
  'Datofeltene bruker nettleserens egen datovelger; hvordan den leses opp, avhenger av nettleser og skjermleser.',
];
