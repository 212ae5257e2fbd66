import type { CreateMaintenanceTaskBody } from '#protocol';
import { notReached, serverMessage } from '../../api/http';
import { registerOutboxSender, type SendResult } from '../../stores/outbox';
import { toast } from '../../ui/toastStore';
import { submitCase } from './caseApi';

/** A case made off line: what was typed, and its Idempotency-Key, so a resend never makes two. */
export type WaitingCase = { body: CreateMaintenanceTaskBody; key: string };
export const CASE_KIND = 'case';

async function sendCase({ body, key }: WaitingCase): Promise<SendResult> {
  try {
    await submitCase(body, { 'Idempotency-Key': key });
    toast({ title: 'Sak sendt til vaktmester', description: body.roomNumber });
    return 'done';
  } catch (error) {
    if (notReached(error)) return 'unreached';
    // Refused (the account changed, say): what was typed is said back, to be sent another way.
    toast({
      title: 'Saken ble ikke sendt',
      description: `${serverMessage(error, 'Serveren tok ikke imot saken.')} ${body.roomNumber}: ${body.description}`,
      variant: 'destructive',
    });
    return 'done';
  }
}

registerOutboxSender(CASE_KIND, sendCase);
