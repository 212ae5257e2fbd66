import { evacuationSchema, evacueeMarkSchema, type Evacuee } from '#protocol';
import { notReached, request, serverMessage, withSchool } from '../../api/http';
import { newServerId } from '../../api/newId';
import { enqueue, flushOutbox, registerOutboxSender, rewriteWaiting, type SendResult, afterFailedSend } from '../../stores/outbox';
import { toast } from '../../ui/toastStore';
import { receiveEvacueeMark, useEvacuationsStore } from './evacuationsStore';

/**
 * 'I sikkerhet' and the end go through the outbox, as a roll call's writes do (rollCallOutbox.ts):
 * a tap in a Wi-Fi hole waits with the time it was made; so does a start made there, with the list
 * as this phone had it, shown here until the server has it. `school`: the school named in the request.
 */
export type WaitingEvacuationStart = { school: string | null; id: string; drill: boolean; startedByName: string; people: Evacuee[] };
export type WaitingEvacueeMark = { school: string | null; evacuationId: string; personId: string; safe: boolean };
export type WaitingEvacuationEnd = { school: string | null; evacuationId: string };

export const EVACUATION_START_KIND = 'evacuationStart';
export const EVACUEE_MARK_KIND = 'evacueeMark';
export const EVACUATION_END_KIND = 'evacuationEnd';

/**
 * Starts one (or joins the one under way). The server makes the list (who it knows to be on the
 * premises). Not reached, the phone starts it from its own copy of tonight's list (`offline.list`,
 * null when it has none) and the start waits in the outbox with its id and time: the alarm does
 * not wait for the Wi-Fi. Returns the evacuation to show, or null when it could not start.
 */
export async function startEvacuation(
  school: string | null,
  drill: boolean,
  offline: { startedByName: string; list: () => Evacuee[] | null },
): Promise<{ id: string; waiting: boolean } | null> {
  const id = newServerId();
  try {
    const evacuation = await request('POST', withSchool('/api/evacuations', school), evacuationSchema, {
      drill,
      id,
      startedAt: new Date().toISOString(),
    });
    useEvacuationsStore.getState().put(evacuation);
    return { id: evacuation.id, waiting: false };
  } catch (error) {
    const people = notReached(error) ? offline.list() : null;
    if (people) {
      enqueue<WaitingEvacuationStart>(EVACUATION_START_KIND, { school, id, drill, startedByName: offline.startedByName, people });
      void flushOutbox();
      toast({
        title: 'Evakueringen er startet på denne telefonen',
        description: 'Telefonen har ikke nett. De andre ansatte får listen og varselet når den har nett igjen.',
      });
      return { id, waiting: true };
    }
    toast({
      title: 'Evakueringen ble ikke startet',
      description: notReached(error)
        ? 'Telefonen har ikke nett og ingen kopi av kveldens liste. Bruk papirlisten, og prøv igjen når du har nett.'
        : serverMessage(error, ''),
      variant: 'destructive',
    });
    return null;
  }
}

export function markEvacuee(mark: WaitingEvacueeMark): void {
  enqueue(EVACUEE_MARK_KIND, mark);
  void flushOutbox();
}

export function endEvacuation(end: WaitingEvacuationEnd): void {
  enqueue(EVACUATION_END_KIND, end);
  void flushOutbox();
}

/** Not reached: it waits. Refused: told, and it leaves the outbox. */
const refused = (error: unknown, title: string): SendResult =>
  afterFailedSend(error, () => toast({ title, description: serverMessage(error, 'Serveren tok ikke imot det.'), variant: 'destructive' }));

registerOutboxSender<WaitingEvacuationStart>(EVACUATION_START_KIND, async (start, entry) => {
  try {
    const path = withSchool('/api/evacuations', start.school);
    const evacuation = await request('POST', path, evacuationSchema, { drill: start.drill, id: start.id, startedAt: entry.madeAt });
    useEvacuationsStore.getState().put(evacuation);
    if (evacuation.id !== start.id) {
      // Another phone had started one: what was marked here goes to that one.
      const moved = <P extends { evacuationId: string }>(p: P): P =>
        p.evacuationId === start.id ? { ...p, evacuationId: evacuation.id } : p;
      rewriteWaiting<WaitingEvacueeMark>(EVACUEE_MARK_KIND, moved);
      rewriteWaiting<WaitingEvacuationEnd>(EVACUATION_END_KIND, moved);
    }
    return 'done';
  } catch (error) {
    return refused(error, 'Evakueringen ble ikke startet');
  }
});

registerOutboxSender<WaitingEvacueeMark>(EVACUEE_MARK_KIND, async (mark, entry) => {
  try {
    const path = withSchool(`/api/evacuations/${mark.evacuationId}/people/${mark.personId}`, mark.school);
    receiveEvacueeMark(await request('PUT', path, evacueeMarkSchema, { safe: mark.safe, at: entry.madeAt }));
    return 'done';
  } catch (error) {
    return refused(error, 'Markeringen ble ikke lagret');
  }
});

registerOutboxSender<WaitingEvacuationEnd>(EVACUATION_END_KIND, async (end) => {
  try {
    useEvacuationsStore
      .getState()
      .put(await request('POST', withSchool(`/api/evacuations/${end.evacuationId}/end`, end.school), evacuationSchema, {}));
    return 'done';
  } catch (error) {
    return refused(error, 'Evakueringen ble ikke avsluttet');
  }
});
