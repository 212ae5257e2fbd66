/** What is known not to meet WCAG 2.1 AA (or 2.2 AA) yet. Update it when a gap is closed or found. */
export const STATEMENT_DATE = '2026-11-24';

export const KNOWN_GAPS: readonly string[] = [
  'Avkryssede runder, nye brukere som venter på godkjenning og endringer i syke- og bortreistlistene vises med en gang, men leses ikke opp av skjermleser når de kommer fra en kollega (WCAG 4.1.3). Nye vedlikeholdssaker leses opp for vaktmesteren.',
  'Dialogene har ikke samme rekkefølge på knappene overalt (WCAG 3.2.4).',
  'Løsningen kan ennå ikke installeres som app, og den virker ikke uten nett (ikke et krav i WCAG).',
  'Datofeltene bruker nettleserens egen datovelger; hvordan den leses opp, avhenger av nettleser og skjermleser.',
];
