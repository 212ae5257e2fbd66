import { formatInTimeZone } from 'date-fns-tz';
import { OSLO_TIME_ZONE, type TaskButton as TaskButtonData } from '#protocol';

/** One tick of a round as the board lists it: who (the first name, or 'du'), when, and whether it still waits to be sent. */
export interface Round {
  userName: string;
  at: string;
  mine?: boolean;
  waiting?: boolean;
  tickId?: string;
}

const osloTime = (at: string) => formatInTimeZone(new Date(at), OSLO_TIME_ZONE, 'HH:mm');

/** 'Kari 21:14' (the first name and the Oslo time), 'du 21:14' for one's own. */
export function roundText(round: Round): string {
  const firstName = round.mine ? 'du' : (round.userName.trim().split(/\s+/)[0] ?? round.userName);
  return `${firstName} ${osloTime(round.at)}`;
}

interface TaskButtonProps {
  button: TaskButtonData;
  /** Every tick of the round in this report day, in time order. */
  rounds: readonly Round[];
  /** Done by me per my own report (a tick on its way included), whether or not the board lists it yet. */
  mine?: boolean;
  /** Without it the button only shows the status (other roles, a closed day, the preview). */
  onTick?: () => void;
  /** Takes back my latest tick of the round (a mistake): a control of its own, never the same tap as ticking again. */
  onUndo?: (tickId: string) => void;
  busy?: boolean;
}

/**
 * One supervision task: its label, and under it every time it was done tonight, by whom. Blue
 * when I have done it, green when only a colleague has. A tap always records one more round.
 */
export function TaskButton({ button, rounds, mine: mineInReport = false, onTick, onUndo, busy }: TaskButtonProps) {
  const mine = mineInReport || rounds.some((round) => round.mine);
  const state = mine ? 'mine' : rounds.length > 0 ? 'done' : 'open';
  const listId = `duty-rounds-${button.id}`;
  const lastOfMine = [...rounds].reverse().find((round) => round.mine && !round.waiting && round.tickId);
  const content = (
    <>
      <span className="duty-check" aria-hidden="true">
        {mine || rounds.length > 0 ? '✓' : ''}
      </span>
      <span className="duty-text">
        <span className="duty-label">{button.label}</span>
        {onTick && <span className="duty-hint">{rounds.length > 0 ? 'Trykk for ny runde' : 'Trykk når runden er gjort'}</span>}
      </span>
    </>
  );
  return (
    <div className="duty-item" data-state={state}>
      {onTick ? (
        <button
          type="button"
          className="duty-button"
          data-state={state}
          data-testid={`task-${button.id}`}
          aria-describedby={rounds.length > 0 ? listId : undefined}
          aria-busy={busy || undefined}
          onClick={onTick}
        >
          {content}
        </button>
      ) : (
        <div className="duty-button" data-state={state} data-testid={`task-${button.id}`}>
          {content}
          {rounds.length > 0 && <span className="visually-hidden">{`: ${rounds.map(roundText).join(', ')}`}</span>}
        </div>
      )}
      {rounds.length > 0 && (
        <div className="duty-rounds-row">
          <ul className="duty-rounds" id={listId} aria-label={`Gjort i natt: ${button.label}`} data-testid={`task-${button.id}-rounds`}>
            {rounds.map((round, i) => (
              <li
                key={round.tickId ?? `${round.at}-${i}`}
                className="duty-round"
                data-mine={round.mine || undefined}
                data-testid="duty-round"
              >
                {roundText(round)}
                {round.waiting && <span className="duty-round-waiting"> · venter på nett</span>}
              </li>
            ))}
          </ul>
          {onUndo && lastOfMine && (
            <button
              type="button"
              className="duty-undo"
              data-testid={`task-${button.id}-undo`}
              aria-label={`Angre din runde kl. ${osloTime(lastOfMine.at)}: ${button.label}`}
              onClick={() => onUndo(lastOfMine.tickId!)}
              disabled={busy}
            >
              Angre
            </button>
          )}
        </div>
      )}
    </div>
  );
}
