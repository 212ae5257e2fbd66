import { accountSessionsSchema, type AccountSession } from '#protocol/accountSessions';
import { messageSchema, type Message } from '#protocol/common';
import { getData, request } from '../../api/http';

export function fetchAccountSessions(): Promise<AccountSession[] | null> {
  return getData('/api/account/sessions', accountSessionsSchema);
}

export function endAccountSession(id: string): Promise<Message> {
  return request('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`, messageSchema);
}
