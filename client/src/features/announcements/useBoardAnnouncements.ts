import { useEffect } from 'react';
import { useAwayStore } from '../away/awayStore';
import { useSickStore } from '../sick/sickStore';
import { useTaskButtonsStore } from '../taskButtons/taskButtonsStore';
import { useTaskRoundsStore } from '../rounds/roundsStore';
import { announce } from '../../ui/liveAnnouncer';
import { SENTENCES } from '../../ui/announcementSentences';

/** What came in that `before` lacked; nothing for a first load or a new scope. */
function added<T>(now: readonly T[], before: readonly T[] | null, sameScope: boolean): T[] {
  if (!before || !sameScope) return [];
  const known = new Set(before);
  return now.filter((item) => !known.has(item));
}

/**
 * The board tells a screen-reader user what changes on it by others: a round a colleague ticked,
 * a student or a class added to the sick and away lists (nobody adds those from the board).
 */
export function useBoardAnnouncements(userId: string): void {
  useEffect(() => {
    const unsubscribers = [
      useTaskRoundsStore.subscribe((state, previous) => {
        if (!state.data || !previous.data || state.data.date !== previous.data.date || state.scope !== previous.scope) return;
        const before = new Set(previous.data.rounds.map((round) => `${round.taskId}|${round.at}`));
        for (const round of state.data.rounds) {
          if (round.userId === userId || before.has(`${round.taskId}|${round.at}`)) continue;
          const label = useTaskButtonsStore.getState().byId[round.taskId]?.label;
          if (label) announce(SENTENCES.roundTicked(label, round.userName));
        }
      }),
      useSickStore.subscribe((state, previous) => {
        if (!state.data) return;
        for (const name of added(state.data.names, previous.data?.names ?? null, state.scope === previous.scope))
          announce(SENTENCES.sickAdded(name));
      }),
      useAwayStore.subscribe((state, previous) => {
        if (!state.data) return;
        const sameScope = state.scope === previous.scope;
        const before = previous.data;
        for (const name of added(state.data.individualStudentNames, before?.individualStudentNames ?? null, sameScope))
          announce(SENTENCES.awayAdded(name));
        const classes = added(
          state.data.classes.map((c) => c.className),
          before?.classes.map((c) => c.className) ?? null,
          sameScope,
        );
        for (const className of classes) announce(SENTENCES.classAway(className));
      }),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [userId]);
}
