import { useMemo } from 'react';
import { EVACUATION_TEXTS, registerName, reportDay, type Evacuation, type Evacuee, type Tonight } from '#protocol';
import { useWaiting, type OutboxEntry } from '../../stores/outbox';
import { EVACUATION_START_KIND, type WaitingEvacuationStart } from './evacuationOutbox';
import { useEvacuationsStore } from './evacuationsStore';

/** The list a phone off line starts from: tonight's boarders by house and room as it has them, and the one signed in on it. */
export function listFromTonight(tonight: Tonight, me: { id: string; name: string }): Evacuee[] {
  const students = tonight.houses.flatMap((house) =>
    house.rooms.flatMap((room) =>
      room.students.map((s): Evacuee => ({ id: s.id, name: registerName(s), kind: 'student', house: house.house, room: room.room })),
    ),
  );
  return [...students, { id: me.id, name: me.name, kind: 'staff', house: EVACUATION_TEXTS.staffHouse, room: '' }];
}

/** Evacuations started on this phone that the server has not got yet, shown as started (by me, when they were). */
export function waitingEvacuations(starts: ReadonlyArray<OutboxEntry<WaitingEvacuationStart>>): Evacuation[] {
  return starts.map(({ payload, madeAt }) => ({
    id: payload.id,
    schoolId: payload.school ?? '',
    date: reportDay(new Date(madeAt)),
    drill: payload.drill,
    startedAt: madeAt,
    startedByName: payload.startedByName,
    endedAt: null,
    endedByName: null,
    people: payload.people,
    safe: [],
    updatedAt: madeAt,
  }));
}

/** The school's evacuations as this phone has them: the server's, and one started here still waiting to be sent. */
export function useShownEvacuations(): { byId: Readonly<Record<string, Evacuation>>; waitingIds: ReadonlySet<string> } {
  const byId = useEvacuationsStore((state) => state.byId);
  const starts = useWaiting<WaitingEvacuationStart>(EVACUATION_START_KIND);
  return useMemo(() => {
    const waiting = waitingEvacuations(starts).filter((evacuation) => !byId[evacuation.id]);
    if (waiting.length === 0) return { byId, waitingIds: new Set<string>() };
    return {
      byId: { ...byId, ...Object.fromEntries(waiting.map((evacuation) => [evacuation.id, evacuation])) },
      waitingIds: new Set(waiting.map((evacuation) => evacuation.id)),
    };
  }, [byId, starts]);
}
