import { useEffect, useId, useRef, type ReactNode } from 'react';
import './conflict.css';

export type ConflictOption = 'mine' | 'theirs' | 'both';

interface ConflictChoiceProps {
  title: string;
  /** What happened, in place of the general sentence (a report says what was merged). */
  intro?: ReactNode;
  /** This person's version and the one saved meanwhile, each as readable text. */
  mine: string;
  theirs: string;
  /** Whether both can be kept (two texts can; two trips or two sets of labels cannot). */
  canKeepBoth: boolean;
  busy?: boolean;
  onChoose(choice: ConflictOption): void;
}

/**
 * A write refused because someone saved meanwhile (409): both versions side by side, and the
 * person chooses. Nothing is dropped before they have. Takes focus when it appears, so it is read
 * out and reached by keyboard at once.
 */
export function ConflictChoice({ title, intro, mine, theirs, canKeepBoth, busy = false, onChoose }: ConflictChoiceProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="conflict" aria-labelledby={titleId} data-testid="conflict">
      <h3 id={titleId} className="conflict-title" tabIndex={-1} ref={heading}>
        {title}
      </h3>
      <p>{intro ?? 'Noen lagret en annen versjon mens du skrev. Ingenting er slettet: velg hva som skal gjelde.'}</p>
      <div className="conflict-versions">
        <figure className="conflict-version">
          <figcaption>Din versjon</figcaption>
          <pre data-testid="conflict-mine">{mine || '(tom)'}</pre>
        </figure>
        <figure className="conflict-version">
          <figcaption>Lagret versjon</figcaption>
          <pre data-testid="conflict-theirs">{theirs || '(tom)'}</pre>
        </figure>
      </div>
      <div className="conflict-actions">
        <button type="button" className="button" disabled={busy} onClick={() => onChoose('mine')} data-testid="conflict-keep-mine">
          Behold min
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => onChoose('theirs')}
          data-testid="conflict-take-theirs"
        >
          Bruk den lagrede
        </button>
        {canKeepBoth && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => onChoose('both')}
            data-testid="conflict-keep-both"
          >
            Behold begge
          </button>
        )}
      </div>
    </section>
  );
}
