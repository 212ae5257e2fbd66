import { useState } from 'react';
import type { Away, Sick } from '#protocol';
import { ListState } from '../../ui/ListState';
import { CopiedAt } from '../../ui/CopiedAt';
import { Modal } from '../../ui/Modal';
import '../../ui/chips.css';
import { awayCount, backOn, classChipLabel, NO_INFO, returnDateOf, returnLine, sickInfo, tripLine, tripNameOf } from './chipTexts';
import '../../ui/boardCard.css';

interface Chosen {
  title: string;
  kind?: string;
  /** The dialog's line, or null for 'Ingen tilleggsinformasjon tilgjengelig'. */
  info: string | null;
  /** 'Reise: Skitur Hemsedal', for someone on a named trip (issue 45). */
  trip?: string | null;
}

interface ListProps<T> {
  data: T | null;
  loaded: boolean;
  failed: boolean;
  onRetry(): void;
  /** When the list shown was fetched, if it is this device's copy (off line after a reload). */
  copiedAt?: string | null;
}

function ChipDialog({ chosen, onClose }: { chosen: Chosen | null; onClose(): void }) {
  return (
    <Modal open={chosen !== null} onOpenChange={(open) => !open && onClose()} title={chosen?.title ?? ''} testId="student-dialog">
      {chosen?.kind && <p className="muted">{chosen.kind}</p>}
      <p data-testid="student-info">{chosen?.info ?? NO_INFO}</p>
      {chosen?.trip && <p data-testid="student-trip">{chosen.trip}</p>}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Lukk
        </button>
      </div>
    </Modal>
  );
}

/** Syke: a chip per student; the dialog shows that student's comment. */
export function SickList({ data, loaded, failed, onRetry, copiedAt = null }: ListProps<Sick>) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  return (
    <section className="card board-card" aria-labelledby="sick-title" data-testid="sick-list">
      <h2 id="sick-title" className="section-title">
        Syke{data && data.names.length > 0 && <span data-testid="sick-count"> ({data.names.length})</span>}
      </h2>
      <CopiedAt at={copiedAt} />
      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster..." onRetry={onRetry} />
      ) : !data || data.names.length === 0 ? (
        <p className="muted">Ingen syke elever i dag</p>
      ) : (
        <>
          <ul className="chip-list">
            {data.names.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="chip chip-sick"
                  data-testid="sick-chip"
                  onClick={() => setChosen({ title: name, info: sickInfo(data, name) })}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
          {data.comment.trim() && <p className="muted board-note">{data.comment}</p>}
        </>
      )}
      <ChipDialog chosen={chosen} onClose={() => setChosen(null)} />
    </section>
  );
}

/** Bortreist: away students and the classes on a trip; the dialog shows the return date. */
export function AwayList({ data, loaded, failed, onRetry, copiedAt = null, day }: ListProps<Away> & { day: string }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const backToday = (returns: string | undefined) =>
    returns === day && (
      <span className="chip-note" data-testid="back-today">
        · {backOn(day)}
      </span>
    );
  const count = awayCount(data);
  const empty = count === 0;
  return (
    <section className="card board-card" aria-labelledby="away-title" data-testid="away-list">
      <h2 id="away-title" className="section-title">
        Bortreist{count > 0 && <span data-testid="away-count"> ({count})</span>}
      </h2>
      <CopiedAt at={copiedAt} />
      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster..." onRetry={onRetry} />
      ) : !data || empty ? (
        <p className="muted">Ingen bortreist i dag</p>
      ) : (
        <ul className="chip-list">
          {data.individualStudentNames.map((name) => (
            <li key={`student:${name}`}>
              <button
                type="button"
                className="chip chip-away"
                data-testid="away-chip"
                onClick={() =>
                  setChosen({ title: name, info: returnLine(returnDateOf(data, name)), trip: tripLine(tripNameOf(data, name)) })
                }
              >
                {name}
                {backToday(returnDateOf(data, name))}
              </button>
            </li>
          ))}
          {data.classes.map((schoolClass) => (
            <li key={`class:${schoolClass.id}`}>
              <button
                type="button"
                className="chip chip-class"
                data-testid="away-class-chip"
                aria-label={classChipLabel(schoolClass.className, schoolClass.returnDate, day)}
                onClick={() =>
                  setChosen({
                    title: schoolClass.className,
                    kind: 'Klasse på tur',
                    info: returnLine(schoolClass.returnDate),
                    trip: tripLine(schoolClass.tripName),
                  })
                }
              >
                <span className="chip-tag" aria-hidden="true">
                  Klasse
                </span>{' '}
                {schoolClass.className}
                {backToday(schoolClass.returnDate)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ChipDialog chosen={chosen} onClose={() => setChosen(null)} />
    </section>
  );
}
