import { createHash, randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { PASSWORD_RESET_PATH } from '#protocol/product';
import { RESET_LINK_HOURS, RESET_TOKEN_PATTERN, type PasswordResetLink } from '#protocol/passwordReset';
import { appNow } from '../../appClock';
import { trusted } from '../../db/trusted';
import { PasswordResetModel } from './model';

const TOKEN_BYTES = 32;
const VALID_MS = RESET_LINK_HOURS * 3_600_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new link for the user: 32 random bytes, base64url, after the '#' of the page's address, so
 * that it never reaches a server's access log or a Referer. It replaces the user's earlier link
 * (one row per user, written at once), and only its hash is stored.
 */
export async function issueLink(userId: Types.ObjectId, origin: string, via: 'admin' | 'mail'): Promise<PasswordResetLink> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = appNow();
  const expiresAt = new Date(now.getTime() + VALID_MS);
  await PasswordResetModel.deleteMany({ expiresAt: trusted({ $lte: now }) });
  await PasswordResetModel.updateOne(
    { userId },
    { $set: { tokenHash: hashToken(token), expiresAt, via, createdAt: now } },
    { upsert: true },
  );
  return { link: `${origin}${PASSWORD_RESET_PATH}#${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * Takes a link's row away if the token is one that works now: only one of two uses at once gets
 * it. Null for anything else (malformed, unknown, used, voided, expired), which all read the same.
 */
export async function consumeToken(token: string): Promise<{ userId: Types.ObjectId } | null> {
  if (!RESET_TOKEN_PATTERN.test(token)) return null;
  const row = await PasswordResetModel.findOneAndDelete({ tokenHash: hashToken(token), expiresAt: trusted({ $gt: appNow() }) }).lean();
  return row ? { userId: row.userId } : null;
}

/** A user's links end with the user's new password (or the account). */
export async function voidLinks(userId: Types.ObjectId | string): Promise<void> {
  await PasswordResetModel.deleteMany({ userId });
}
