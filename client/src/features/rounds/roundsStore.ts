import { compareDays, taskRoundsSchema, type TaskRounds } from '#protocol';
import { fetchTaskRounds } from './roundsApi';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';
import { createSnapshotStore } from '../../stores/snapshot';

/** The rounds of the open report day, shared by every supervisor on duty; scope: the school query ('' for a member). */
export const useTaskRoundsStore = createSnapshotStore<TaskRounds>((school) => fetchTaskRounds(school || null), {
  keptOnDevice: { name: 'rounds', schema: taskRoundsSchema },
});

export function taskRoundsUpdated(rounds: TaskRounds): void {
  const store = useTaskRoundsStore.getState();
  if (!aboutSchoolOnScreen(rounds.schoolId, store.scope)) return;
  // A late event of a report day that is over must not replace the new day's board.
  if (store.data && compareDays(rounds.date, store.data.date) < 0) return;
  store.receive(rounds);
}

export const roundsEvents: EventHandlers<'taskRounds.updated'> = { 'taskRounds.updated': taskRoundsUpdated };
registerEventHandlers(roundsEvents);
