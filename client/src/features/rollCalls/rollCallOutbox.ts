import { rollCallSchema, rollMarkSchema, type RollCall } from '#protocol';
import { request, serverMessage, withSchool } from '../../api/http';
import { enqueue, flushOutbox, registerOutboxSender, rewriteWaiting, type SendResult, afterFailedSend } from '../../stores/outbox';
import { toast } from '../../ui/toastStore';
import { receiveRollMark, useRollCallsStore } from './rollCallsStore';

/**
 * A roll call's writes go through the outbox (stores/outbox.ts), on line and off: a mark waits
 * there with the time it was made until the server has it, so a tap in a Wi-Fi hole is never
 * lost and arrives with its own time (issue 47). The screen shows what waits on top of what the
 * server has (shownRoll.ts). `school` is the school named in the request (the Plattformadministrator's).
 */
export type WaitingStart = { school: string | null; date: string; house: string; id: string };
export type WaitingMark = { school: string | null; rollCallId: string; studentId: string; state: 'present' | 'missing' | 'none' };
export type WaitingFinish = { school: string | null; rollCallId: string; note: string };

export const ROLL_START_KIND = 'rollStart';
export const ROLL_MARK_KIND = 'rollMark';
export const ROLL_FINISH_KIND = 'rollFinish';

export function startRoll(start: WaitingStart): void {
  enqueue(ROLL_START_KIND, start);
  void flushOutbox();
}

export function markRoll(mark: WaitingMark): void {
  enqueue(ROLL_MARK_KIND, mark);
  void flushOutbox();
}

export function finishRoll(finish: WaitingFinish): void {
  enqueue(ROLL_FINISH_KIND, finish);
  void flushOutbox();
}

/**
 * Sends one write; the answer is the roll as the server has it now, handed to `then` too. A
 * refusal is told, and the write leaves the outbox.
 */
async function send(
  path: string,
  method: 'POST' | 'PUT',
  body: unknown,
  school: string | null,
  refusedTitle: string,
  then: (call: RollCall) => void = () => undefined,
): Promise<SendResult> {
  try {
    const call = await request(method, withSchool(path, school), rollCallSchema, body);
    useRollCallsStore.getState().put(call);
    then(call);
    return 'done';
  } catch (error) {
    return refused(error, refusedTitle);
  }
}

/** Not reached: it waits. Refused: told, and it leaves the outbox. */
const refused = (error: unknown, title: string): SendResult =>
  afterFailedSend(error, () => toast({ title, description: serverMessage(error, 'Serveren tok ikke imot det.'), variant: 'destructive' }));

registerOutboxSender<WaitingStart>(ROLL_START_KIND, (start, entry) =>
  send(
    '/api/roll-calls',
    'POST',
    { date: start.date, house: start.house, id: start.id, startedAt: entry.madeAt },
    start.school,
    'Opptellingen ble ikke startet',
    (call) => {
      if (call.id === start.id) return;
      // Another phone had started the house: what was marked here goes to that roll.
      const moved = <P extends { rollCallId: string }>(p: P): P => (p.rollCallId === start.id ? { ...p, rollCallId: call.id } : p);
      rewriteWaiting<WaitingMark>(ROLL_MARK_KIND, moved);
      rewriteWaiting<WaitingFinish>(ROLL_FINISH_KIND, moved);
    },
  ),
);

registerOutboxSender<WaitingMark>(ROLL_MARK_KIND, async (mark, entry) => {
  const path = withSchool(`/api/roll-calls/${mark.rollCallId}/marks/${mark.studentId}`, mark.school);
  try {
    receiveRollMark(await request('PUT', path, rollMarkSchema, { state: mark.state, at: entry.madeAt }));
    return 'done';
  } catch (error) {
    return refused(error, 'Markeringen ble ikke lagret');
  }
});

registerOutboxSender<WaitingFinish>(ROLL_FINISH_KIND, (finish) =>
  send(`/api/roll-calls/${finish.rollCallId}/finish`, 'POST', { note: finish.note }, finish.school, 'Opptellingen ble ikke avsluttet'),
);
