import { reportSchema } from '#protocol';
import { conflictCurrent, notReached } from '../../api/http';
import { registerOutboxSender, type OutboxEntry, type SendResult } from '../../stores/outbox';
import { refusal } from './myReportSave';
import { useMyReportStore } from './myReportStore';
import { readDraft, removeDraft } from './reportDrafts';
import { showSavedReport } from '../report/reportViews';
import { saveMyReport, tickMyTask } from './myReportApi';
import { tellSaveOutcome } from './saveOutcome';
import { TEXT_KIND, type WaitingText } from './waitingText';
import { TICK_KIND, type WaitingTick } from './waitingTicks';

/**
 * Sending what the supervisor did off line, in its turn (stores/outbox.ts): a round (with the time
 * it was done; a time the server finds implausible is told as any refusal is), or the text
 * of a day as its draft holds it now, on the version it was written from. A refusal is told as a
 * save of the board is; nothing typed is dropped (the draft stays until the server has its text).
 */
async function sendTick({ date, taskId, done, tickId }: WaitingTick, { madeAt }: OutboxEntry<WaitingTick>): Promise<SendResult> {
  try {
    // A round done off line is recorded at the time it was done, not when the network came back.
    const saved = await tickMyTask(taskId, done ? { date, done, tickId, doneAt: madeAt } : { date, done, tickId });
    showSavedReport(saved);
    useMyReportStore.getState().receive(saved);
    return 'done';
  } catch (error) {
    if (notReached(error)) return 'unreached';
    tellSaveOutcome(refusal(error));
    return 'done';
  }
}

/** How many times a text merged with a newer one is sent again before the writer is asked instead. */
const MERGED_RESENDS = 3;

async function sendText({ userId, date }: WaitingText, resends = 0): Promise<SendResult> {
  const draft = readDraft(userId, date);
  if (!draft) return 'done';
  try {
    const saved = await saveMyReport({ date, content: draft.content, baseVersion: draft.baseVersion ?? 0 });
    showSavedReport(saved);
    if (useMyReportStore.getState().day === date) useMyReportStore.getState().receiveOwnSave(saved);
    else if (readDraft(userId, date)?.content === saved.content) removeDraft(userId, date);
    tellSaveOutcome({ kind: resends > 0 ? 'merged' : 'saved' });
    return 'done';
  } catch (error) {
    if (notReached(error)) return 'unreached';
    const current = conflictCurrent(error, reportSchema);
    if (current) {
      showSavedReport(current);
      // Lines only one side changed are merged into the draft, which is then sent on the newer version.
      const merged = useMyReportStore.getState().receiveConflict(current);
      if (merged && !readDraft(userId, date)) {
        tellSaveOutcome({ kind: 'merged' });
        return 'done';
      }
      if (merged && resends < MERGED_RESENDS) return sendText({ userId, date }, resends + 1);
      tellSaveOutcome({ kind: 'conflict' });
      return 'done';
    }
    const outcome = refusal(error);
    tellSaveOutcome(outcome);
    // A day closed meanwhile keeps its draft, read-only and copyable, on the board.
    if (outcome.kind === 'locked' || outcome.kind === 'wrongDay') void useMyReportStore.getState().refresh();
    return 'done';
  }
}

registerOutboxSender(TICK_KIND, sendTick);
registerOutboxSender<WaitingText>(TEXT_KIND, (payload) => sendText(payload));
