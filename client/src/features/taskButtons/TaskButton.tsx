import { formatInTimeZone } from 'date-fns-tz';
import { OSLO_TIME_ZONE, type TaskButton as TaskButtonData } from '#protocol';

export interface Round {
  userName: string;
  at: string;
}

interface TaskButtonProps {
  button: TaskButtonData;
  /** Ticked in my own report. */
  mine: boolean;
  /** Who did the round last in this report day, and when. */
  round?: Round;
  /** Without it the button only shows the status (other roles, a closed day, the preview). */
  onToggle?: () => void;
  busy?: boolean;
}

/** 'Kari 21:14': the first name and the Oslo time. */
export function roundText(round: Round): string {
  const firstName = round.userName.trim().split(/\s+/)[0] ?? round.userName;
  return `${firstName} ${formatInTimeZone(new Date(round.at), OSLO_TIME_ZONE, 'HH:mm')}`;
}

/** One supervision task: its label, a tick of my own, and the shared round status. */
export function TaskButton({ button, mine, round, onToggle, busy }: TaskButtonProps) {
  const state = mine ? 'mine' : round ? 'done' : 'open';
  const content = (
    <>
      <span className="duty-check" aria-hidden="true">
        {mine || round ? '✓' : ''}
      </span>
      <span className="duty-text">
        <span className="duty-label">{button.label}</span>
        {round && (
          <span className="duty-round" data-testid="duty-round">
            <span className="visually-hidden"> · </span>
            {roundText(round)}
          </span>
        )}
      </span>
    </>
  );
  if (!onToggle) {
    return (
      <div className="duty-button" data-state={state} data-testid={`task-${button.id}`}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="duty-button"
      data-state={state}
      data-testid={`task-${button.id}`}
      aria-pressed={mine}
      aria-busy={busy || undefined}
      onClick={onToggle}
    >
      {content}
    </button>
  );
}
