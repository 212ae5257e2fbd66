import { useMemo } from 'react';
import { type TaskButton as TaskButtonData, type TaskId, type TaskRounds } from '#protocol';
import { TaskButton, type Round } from './TaskButton';
import './taskGrid.css';

interface TaskGridProps {
  buttons: readonly TaskButtonData[];
  /** My own ticks; empty for roles without a report. */
  mine: readonly string[];
  rounds: TaskRounds | null;
  onToggle?: (id: TaskId) => void;
  busy?: boolean;
}

/** The school's six buttons with the board's shared status. */
export function TaskGrid({ buttons, mine, rounds, onToggle, busy }: TaskGridProps) {
  const byTask = useMemo(() => {
    const map = new Map<string, Round>();
    for (const round of rounds?.rounds ?? []) map.set(round.taskId, round);
    return map;
  }, [rounds]);
  return (
    <ul className="duty-grid" data-testid="duty-grid">
      {buttons.map((button) => (
        <li key={button.id}>
          <TaskButton
            button={button}
            mine={mine.includes(button.id)}
            round={byTask.get(button.id)}
            onToggle={onToggle ? () => onToggle(button.id) : undefined}
            busy={busy}
          />
        </li>
      ))}
    </ul>
  );
}
