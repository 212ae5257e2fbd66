import type { PushStatus } from './pushStore';

/** What the toggle says about this device, in each state (spec of issue 32). */
export const PUSH_STATUS_TEXTS: Record<PushStatus, string> = {
  checking: 'Sjekker varsler på denne enheten …',
  on: 'Varsler er på for denne enheten.',
  off: 'Varsler er av.',
  blocked: 'Varsler er blokkert i nettleseren. Du kan tillate dem i nettleserens innstillinger for denne siden.',
  unsupported: 'Denne nettleseren støtter ikke varsler.',
  'ios-home-screen':
    'På iPhone og iPad må du først legge Tilsynsvakt til på Hjem-skjermen (Del → Legg til på Hjem-skjerm). Åpne appen derfra for å slå på varsler.',
};

export const PUSH_WORKING_TEXTS = {
  on: 'Slår på varsler …',
  off: 'Slår av varsler …',
  newCases: 'Lagrer valget …',
} as const;

export const PUSH_LABELS = {
  title: 'Varsler',
  toggle: 'Varsler på denne enheten',
  newCases: 'Også nye og endrede saker til vaktmester',
} as const;
