import { evacuationSchema, evacueeMarkSchema, type Evacuation } from '#protocol';
import { notReached, request, serverMessage, withSchool } from '../../api/http';
import { enqueue, flushOutbox, registerOutboxSender, type SendResult, afterFailedSend } from '../../stores/outbox';
import { toast } from '../../ui/toastStore';
import { receiveEvacueeMark, useEvacuationsStore } from './evacuationsStore';

/**
 * 'I sikkerhet' and the end go through the outbox, as a roll call's writes do (rollCallOutbox.ts):
 * a tap in a Wi-Fi hole waits with the time it was made. `school`: the school named in the request.
 */
export type WaitingEvacueeMark = { school: string | null; evacuationId: string; personId: string; safe: boolean };
export type WaitingEvacuationEnd = { school: string | null; evacuationId: string };

export const EVACUEE_MARK_KIND = 'evacueeMark';
export const EVACUATION_END_KIND = 'evacuationEnd';

/**
 * Starts one (or joins the one under way) now: the list is who the server knows to be on the
 * premises, so it needs the network; refused or unreached, it says so.
 */
export async function startEvacuation(school: string | null, drill: boolean): Promise<Evacuation | null> {
  try {
    const evacuation = await request('POST', withSchool('/api/evacuations', school), evacuationSchema, { drill });
    useEvacuationsStore.getState().put(evacuation);
    return evacuation;
  } catch (error) {
    toast({
      title: 'Evakueringen ble ikke startet',
      description: notReached(error)
        ? 'Telefonen har ikke nett. Bruk papirlisten, og prøv igjen når du har nett.'
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
