import { countNoun, type SchoolCounts as Counts } from '#protocol';

/** Each count as a Norwegian phrase, its number set large: '6 brukere', '1 venter på godkjenning'. */
const PHRASES: ReadonlyArray<[keyof Counts, string, string]> = [
  ['users', 'bruker', 'brukere'],
  ['active', 'aktiv', 'aktive'],
  ['pending', 'venter på godkjenning', 'venter på godkjenning'],
  ['deactivated', 'deaktivert', 'deaktiverte'],
  ['admins', 'administrator', 'administratorer'],
];

/** The five user counts of a school. */
export function SchoolCounts({ counts }: { counts: Counts }) {
  return (
    <ul className="counts" aria-label="Brukere" data-testid="school-counts">
      {PHRASES.map(([key, one, many]) => (
        <li key={key} className="count" data-testid={`count-${key}`}>
          <CountPhrase text={countNoun(counts[key], one, many)} />
        </li>
      ))}
    </ul>
  );
}

/** '6 brukere' with the number emphasised; read as written. */
export function CountPhrase({ text }: { text: string }) {
  const space = text.indexOf(' ');
  return (
    <>
      <strong className="count-value">{text.slice(0, space)}</strong> {text.slice(space + 1)}
    </>
  );
}
