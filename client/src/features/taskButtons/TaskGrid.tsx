import { useMemo } from 'react';
import { type TaskButton as TaskButtonData, type TaskId, type TaskRounds } from '#protocol';
import { TaskButton, type Round } from './TaskButton';
import './taskGrid.css';

/** A tick of mine still waiting on the device (made off line). */
export interface WaitingRound {
  taskId: TaskId;
  at: string;
  done: boolean;
}

interface TaskGridProps {
  buttons: readonly TaskButtonData[];
  /** Whose ticks are 'du' (null for the preview). */
  userId: string | null;
  rounds: TaskRounds | null;
  /** My ticks made off line, not yet sent. */
  waiting?: readonly WaitingRound[];
  /** The rounds my own report has, with ticks on their way: blue at once, before the board's list has them. */
  mine?: readonly string[];
  onTick?: (id: TaskId) => void;
  onUndo?: (id: TaskId, tickId: string) => void;
  busy?: boolean;
}

/** The ticks of one round to show: the board's, with mine that still wait applied in the order they were made. */
function roundsOf(taskId: TaskId, rounds: TaskRounds | null, userId: string | null, waiting: readonly WaitingRound[]): Round[] {
  const shown: Round[] = (rounds?.rounds ?? [])
    .filter((round) => round.taskId === taskId)
    .map((round) => ({ userName: round.userName, at: round.at, tickId: round.tickId, mine: round.userId === userId }));
  for (const tick of waiting.filter((w) => w.taskId === taskId)) {
    if (tick.done) shown.push({ userName: 'du', at: tick.at, mine: true, waiting: true });
    else {
      const last = shown.findLastIndex((round) => round.mine);
      if (last >= 0) shown.splice(last, 1);
    }
  }
  return shown;
}

/** The school's six buttons with every round done tonight, and what the colours mean. */
export function TaskGrid({ buttons, userId, rounds, waiting = [], mine = [], onTick, onUndo, busy }: TaskGridProps) {
  const byTask = useMemo(
    () => new Map(buttons.map((button) => [button.id, roundsOf(button.id, rounds, userId, waiting)])),
    [buttons, rounds, userId, waiting],
  );
  return (
    <>
      {userId && (
        <ul className="duty-legend" aria-label="Fargene på oppgavene" data-testid="duty-legend">
          <li>
            <span className="duty-swatch" data-state="mine" aria-hidden="true" />
            Blå: du har gjort runden i natt
          </li>
          <li>
            <span className="duty-swatch" data-state="done" aria-hidden="true" />
            Grønn: bare en kollega har gjort den
          </li>
        </ul>
      )}
      <ul className="duty-grid" data-testid="duty-grid">
        {buttons.map((button) => (
          <li key={button.id}>
            <TaskButton
              button={button}
              rounds={byTask.get(button.id) ?? []}
              mine={mine.includes(button.id)}
              onTick={onTick ? () => onTick(button.id) : undefined}
              onUndo={onUndo ? (tickId) => onUndo(button.id, tickId) : undefined}
              busy={busy}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
