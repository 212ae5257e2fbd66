import type { FastifyRequest } from 'fastify';
import { ACCOUNT_SESSION_TEXTS, type AccountSession } from '#protocol/accountSessions';
import { appNow } from '../../appClock';
import { trusted } from '../../db/trusted';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import { publicSessionHandle } from '../../core/sessions/sessionHandle';
import { SessionModel } from '../../core/sessions/sessionModel';
import type { UserRecord } from '../../core/accounts/userModel';

type Row = { _id: string; device?: string | null; ip?: string | null; signedInAt?: Date | null; lastUsedAt?: Date | null };

/** The caller's own live sessions (another's are never read), each by its public handle. */
async function ownRows(user: UserRecord): Promise<Row[]> {
  return SessionModel.find(
    { userId: user._id, expiresAt: trusted({ $gt: appNow() }) },
    { device: 1, ip: 1, signedInAt: 1, lastUsedAt: 1 },
  ).lean<Row[]>();
}

/** GET /api/account/sessions: newest use first, the current one marked. */
export async function listOwnSessions(request: FastifyRequest, user: UserRecord): Promise<AccountSession[]> {
  const current = request.session.sessionId;
  const rows = await ownRows(user);
  return rows
    .map((row) => ({
      id: publicSessionHandle(row._id),
      device: row.device ?? ACCOUNT_SESSION_TEXTS.unknownDevice,
      ip: row.ip ?? '',
      signedInAt: row.signedInAt?.toISOString() ?? null,
      lastUsedAt: (row.lastUsedAt ?? row.signedInAt)?.toISOString() ?? null,
      current: row._id === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? ''));
}

/**
 * DELETE /api/account/sessions/:id: one of the caller's own other sessions ends, and its live
 * connections with it. Another user's handle is as unknown as none; the current session is ended by signing out.
 */
export async function endOwnSession(request: FastifyRequest, user: UserRecord, handle: string, realtime: Realtime): Promise<void> {
  const row = (await ownRows(user)).find((r) => publicSessionHandle(r._id) === handle);
  if (!row) throw notFound(ACCOUNT_SESSION_TEXTS.notFound);
  if (row._id === request.session.sessionId) throw conflict(ACCOUNT_SESSION_TEXTS.current);
  await SessionModel.deleteOne({ _id: row._id, userId: user._id });
  realtime.disconnectSession(row._id);
  await audit(user, 'user.sessionEnded', {
    id: user._id,
    name: user.name,
    schoolId: user.schoolId,
    detail: row.device ?? ACCOUNT_SESSION_TEXTS.unknownDevice,
  });
}
