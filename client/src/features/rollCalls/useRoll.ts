import { useMemo } from 'react';
import { type RollCall, type RollCounts, type Tonight } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { dayScope } from '../../stores/dayScope';
import { useWaiting } from '../../stores/outbox';
import { useLoaded, type LoadState } from '../../stores/useLoaded';
import { useSchoolScope } from '../schools/useSchoolScope';
import { useReportDay } from '../../ui/useToday';
import {
  ROLL_FINISH_KIND,
  ROLL_MARK_KIND,
  ROLL_START_KIND,
  type WaitingFinish,
  type WaitingMark,
  type WaitingStart,
} from './rollCallOutbox';
import { useRollCallsStore } from './rollCallsStore';
import { countsOf, housesOf, isFinishing, shownMarks, waitingRolls, type ShownMark } from './shownRoll';
import { useTonightStore } from './tonightStore';

/** The report day's rolls and tonight's list, as this phone has them: the server's, with what waits to be sent on top. */
export function useDayRolls(): {
  day: string;
  school: string | null;
  rolls: RollCall[];
  tonight: Tonight | null;
  rollsLoad: LoadState;
  tonightLoad: LoadState;
} {
  const day = useReportDay();
  const { query, schoolId } = useSchoolScope();
  const scope = query === null ? null : dayScope(query, day);
  const rollsLoad = useLoaded(useRollCallsStore, scope);
  const tonightLoad = useLoaded(useTonightStore, scope);
  const byId = useRollCallsStore((state) => state.byId);
  const tonight = useTonightStore((state) => (state.data?.date === day ? state.data : null));
  const starts = useWaiting<WaitingStart>(ROLL_START_KIND);
  const me = useCurrentUser().name;
  const rolls = useMemo(() => {
    const known = Object.values(byId).filter((call) => call.date === day);
    const waiting = waitingRolls(starts, me, day).filter((call) => !byId[call.id]);
    return [...known, ...waiting].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }, [byId, starts, me, day]);
  return { day, school: query ? schoolId : null, rolls, tonight, rollsLoad, tonightLoad };
}

export type ShownRoll = {
  call: RollCall;
  houses: Tonight['houses'];
  marks: Map<string, ShownMark>;
  counts: RollCounts;
  finished: boolean;
  /** Marks of this roll made on this phone and not yet sent. */
  waiting: number;
};

/** One roll as its screen shows it. */
export function useShownRoll(call: RollCall | undefined, tonight: Tonight | null): ShownRoll | null {
  const me = useCurrentUser().name;
  const waitingMarks = useWaiting<WaitingMark>(ROLL_MARK_KIND);
  const finishes = useWaiting<WaitingFinish>(ROLL_FINISH_KIND);
  return useMemo(() => {
    if (!call) return null;
    const houses = tonight ? housesOf(tonight, call.house) : [];
    const marks = shownMarks(call, waitingMarks, me);
    return {
      call,
      houses,
      marks,
      counts: countsOf(houses, marks),
      finished: call.finishedAt !== null || isFinishing(call, finishes),
      waiting: waitingMarks.filter((entry) => entry.payload.rollCallId === call.id).length,
    };
  }, [call, tonight, waitingMarks, finishes, me]);
}
