/**
 * The glossary's retired words (docs/decisions.md, 'One word for one thing', issue 45): each with
 * the word used instead. `retiredWords.test.ts` fails on any of them in a human-facing text of
 * client/src, server/src or protocol/src, outside the spec's own texts (SPEC_TEXTS).
 */
export interface RetiredWord {
  /** What is retired, matched against one string literal or JSX text at a time. */
  pattern: RegExp;
  /** The word or form to write instead. */
  use: string;
  /** Only files whose path matches (a word that is right elsewhere, e.g. 'oppgave' for a gjøremål). */
  onlyIn?: RegExp;
}

/** The parts of the product that handle maintenance cases: there the case is a 'sak'. */
const MAINTENANCE_FILES =
  /^(client\/src\/features\/(maintenance|caretaker)\/|server\/src\/features\/maintenance\/|protocol\/src\/maintenance\.ts$)/;

export const RETIRED_WORDS: readonly RetiredWord[] = [
  { pattern: /vedlikeholdsoppgave/i, use: "'sak'" },
  { pattern: /oppgave/i, use: "'sak' (a maintenance case)", onlyIn: MAINTENANCE_FILES },
  { pattern: /tilsynsoppgave/i, use: "'gjøremål'" },
  { pattern: /fullførte oppgaver/i, use: "'Utførte gjøremål'" },
  { pattern: /(?<!\p{L})linjer?(?!\p{L})/iu, use: "'klasse' / 'klasser'" },
  { pattern: /fikset/i, use: "'Fullfør'" },
  { pattern: /kodeapp/i, use: "'autentiseringsapp'" },
  { pattern: /(?:opp|ned)grader til/i, use: "'Gjør til …'" },
  { pattern: /(?<!\p{L})(på|av|og|i|til|er|som|for|med|å|det|den|en|et) \1(?!\p{L})/iu, use: 'the word once, or a new sentence' },
  { pattern: /\p{L}\((?:e|er|r|ne)\)/u, use: 'the singular or the plural, by the number' },
  { pattern: / - /, use: "an en dash ('–') or a separator such as '·'" },
];

/**
 * The spec's own texts that hold a retired word: they stay exactly as written (SPEC.md, section in
 * the comment). A literal may hold one of them; the rest of the literal is still checked.
 */
export const SPEC_TEXTS: readonly string[] = [
  // §2.5 /admin/syke-og-bortreist, the class trip card
  'Linjer på tur',
  'Ingen linjer registrert på tur',
  'Lagre linjer på tur',
  // §8 Admin toasts
  'Fjernet linje fra tur',
  'Kunne ikke fjerne linje. Prøv igjen.',
  // §2.5 /admin/vedlikehold and §8 Maintenance
  'Ny oppgave',
  'Ingen ventende oppgaver',
  'Oppgave opprettet',
  'Kunne ikke opprette oppgave',
  'Kunne ikke fullføre oppgave',
  'Kunne ikke avslå oppgave',
  'Kunne ikke slette oppgave',
  'Oppgave fullført og lagt i arkiv',
  'Oppgave avslått og flyttet til arkiv',
  'Oppgave slettet permanent',
  'Oppgave slettet',
];
