import { useId } from 'react';
import { EVACUATION_TEXTS, type Evacuee } from '#protocol';

interface GroupsProps {
  people: readonly Evacuee[];
  safe: ReadonlyMap<string, boolean>;
  /** Null when the evacuation has ended. */
  onMark: ((personId: string, safe: boolean) => void) | null;
}

/** The list by house (the staff last), one tap per person for 'I sikkerhet'. */
export function EvacueeGroups({ people, safe, onMark }: GroupsProps) {
  const houses = [...new Set(people.map((p) => p.house))].sort((a, b) =>
    a === EVACUATION_TEXTS.staffHouse ? 1 : b === EVACUATION_TEXTS.staffHouse ? -1 : a.localeCompare(b, 'nb'),
  );
  return (
    <>
      {houses.map((house) => (
        <Group key={house} house={house} people={people.filter((p) => p.house === house)} safe={safe} onMark={onMark} />
      ))}
    </>
  );
}

function Group({ house, people, safe, onMark }: GroupsProps & { house: string }) {
  const headingId = useId();
  const left = people.filter((p) => !safe.get(p.id)).length;
  return (
    <section className="card evacuation-group" aria-labelledby={headingId} data-testid="evacuation-group">
      <h2 id={headingId} className="section-title">
        {house || 'Uten internat'} <span className="muted evacuation-group-left">({left} ikke gjort rede for)</span>
      </h2>
      <ul className="evacuation-people">
        {people.map((person) => {
          const isSafe = safe.get(person.id) === true;
          return (
            <li key={person.id}>
              <button
                type="button"
                className={`evacuee${isSafe ? ' evacuee-safe' : ''}`}
                aria-pressed={isSafe}
                disabled={!onMark}
                onClick={() => onMark?.(person.id, !isSafe)}
                data-testid="evacuee"
                data-safe={isSafe}
              >
                <span className="evacuee-name">{person.name}</span>
                <span className="evacuee-room muted">{person.room ? `Rom ${person.room}` : ''}</span>
                <span className="evacuee-state">{isSafe ? 'I sikkerhet' : 'Ikke gjort rede for'}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
