import { useId } from 'react';
import { formatClockNo, type TonightStudent } from '#protocol';
import type { ShownMark } from './shownRoll';

type Mark = 'present' | 'missing' | 'none';

interface RollRoomProps {
  room: string;
  students: readonly TonightStudent[];
  marks: ReadonlyMap<string, ShownMark>;
  /** Null when the roll is finished: the room is shown as it was counted. */
  onMark: ((studentId: string, state: Mark) => void) | null;
}

/** A room of tonight's list on a roll: one tap per student for 'Til stede', 'Ikke funnet' beside it, and the whole room at once. */
export function RollRoom({ room, students, marks, onMark }: RollRoomProps) {
  const headingId = useId();
  const roomName = room ? `Rom ${room}` : 'Uten rom';
  const allPresent = students.every((s) => marks.get(s.id)?.state === 'present');
  return (
    <section className="roll-room" aria-labelledby={headingId} data-testid="roll-room">
      <div className="roll-room-head">
        <h3 id={headingId} className="roll-room-title">
          {roomName}
        </h3>
        {onMark && !allPresent && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => students.forEach((s) => marks.get(s.id)?.state !== 'present' && onMark(s.id, 'present'))}
            data-testid="roll-room-present"
          >
            Hele rommet til stede<span className="visually-hidden"> ({roomName.toLowerCase()})</span>
          </button>
        )}
      </div>
      <ul className="roll-students">
        {students.map((student) => (
          <RollStudent key={student.id} student={student} mark={marks.get(student.id)} onMark={onMark} />
        ))}
      </ul>
    </section>
  );
}

function RollStudent({ student, mark, onMark }: { student: TonightStudent; mark: ShownMark | undefined; onMark: RollRoomProps['onMark'] }) {
  const name = `${student.firstName} ${student.lastName}`.trim();
  const state = mark?.state ?? 'none';
  const stateText = state === 'present' ? 'Til stede' : state === 'missing' ? 'Ikke funnet' : 'Ikke telt';
  return (
    <li className={`roll-student roll-student-${state}`} data-testid="roll-student" data-state={state}>
      <button
        type="button"
        className="roll-student-button"
        aria-pressed={state === 'present'}
        disabled={!onMark}
        onClick={() => onMark?.(student.id, state === 'present' ? 'none' : 'present')}
        // A long press on a phone: 'Ikke funnet', as the button beside it.
        onContextMenu={(event) => {
          if (!onMark) return;
          event.preventDefault();
          onMark(student.id, 'missing');
        }}
        data-testid="roll-student-present"
      >
        <span className="roll-student-name">{name}</span>
        <span className="roll-student-meta">
          {student.className}
          {student.sick && <span className="pill pill-warning roll-sick">Syk, på rommet</span>}
          {mark && (
            <span className="roll-student-by">
              {mark.byName} kl. {formatClockNo(mark.at)}
            </span>
          )}
        </span>
        <span className="roll-student-state">
          {stateText}
          {mark?.waiting && ' · venter på nett'}
        </span>
      </button>
      {onMark && (
        <button
          type="button"
          className="button button-secondary button-small roll-missing"
          aria-pressed={state === 'missing'}
          aria-label={`Ikke funnet: ${name}`}
          onClick={() => onMark(student.id, state === 'missing' ? 'none' : 'missing')}
          data-testid="roll-student-missing"
        >
          Ikke funnet
        </button>
      )}
    </li>
  );
}
