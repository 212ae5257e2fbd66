import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { appNow } from '../../appClock';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import { normalizeEmail, UserModel, type UserRecord } from '../../core/accounts/userModel';
import { emitUserChange, presentWithSchool } from '../users/service';
import { CHANGED_MEANWHILE, schoolReach } from '../users/userChanges';
import type { Types } from 'mongoose';
import type { OidcFailure } from '#protocol/oidc';
import type { User } from '#protocol/auth';

/** Who a provider says signed in: its issuer and subject (the identity), and what it says of them. */
export type Identity = {
  providerId: string;
  providerName: string;
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** The provider is the authority for the e-mail's domain (its `emailDomains`): only then may the e-mail link an account. */
  emailAuthority: boolean;
  name: string | null;
};

/** `link`: the account found by e-mail, to be linked only once the sign-in is allowed (linkIdentity). */
export type Resolution = { user: UserRecord; link?: Identity } | { register: Identity } | { refused: OidcFailure; user?: UserRecord };

/** Whether a provider with these domains vouches for this address's domain. */
export function isEmailAuthority(emailDomains: readonly string[] | undefined, email: string | null): boolean {
  const domain = email?.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return !!domain && !!emailDomains?.includes(domain);
}

export const identityKey = (issuer: string, subject: string): string => `${issuer} ${subject}`;

/**
 * The account an identity signs in as. Linked before: by (issuer, subject) alone, whatever its
 * e-mail is now. The first time: by the provider's e-mail, only when the provider says it is
 * verified, is the authority for its domain (issue 43), the account is approved (of any school) and
 * has no link yet from any provider; the link is stored (linkIdentity) only once the sign-in is
 * allowed. No account with that e-mail: the identity may register. The Plattformadministrator never.
 */
export async function resolveIdentity(identity: Identity): Promise<Resolution> {
  const linked = await UserModel.findOne({ identityKeys: identityKey(identity.issuer, identity.subject) }).lean<UserRecord>();
  if (linked) return linked.role === PLATFORM_ADMIN_ROLE ? { refused: 'platformAdmin', user: linked } : { user: linked };
  if (!identity.email) return { refused: 'emailUnverified' };
  const byEmail = await UserModel.findOne({ email: normalizeEmail(identity.email) }).lean<UserRecord>();
  if (!byEmail) return identity.emailVerified ? { register: identity } : { refused: 'emailUnverified' };
  if (byEmail.role === PLATFORM_ADMIN_ROLE) return { refused: 'platformAdmin', user: byEmail };
  if (!identity.emailVerified) return { refused: 'emailUnverified', user: byEmail };
  if (byEmail.status === 'deactivated') return { refused: 'deactivated', user: byEmail };
  if (byEmail.status !== 'approved') return { refused: 'notApproved', user: byEmail };
  if (!identity.emailAuthority) return { refused: 'notAuthority', user: byEmail };
  if (byEmail.identities?.length) return { refused: 'otherIdentity', user: byEmail };
  return { user: byEmail, link: identity };
}

/** Stores the link (unless the account changed meanwhile), audits it and tells the admins. */
export async function linkIdentity(user: UserRecord, identity: Identity, realtime: Realtime): Promise<UserRecord | null> {
  // Only onto the user as read (no link then): a change meanwhile refuses it.
  const linked = await UserModel.findOneAndUpdate(
    { _id: user._id, status: 'approved', updatedAt: user.updatedAt },
    { $push: { identities: identityFields(identity), identityKeys: identityKey(identity.issuer, identity.subject) } },
    { new: true },
  ).lean<UserRecord>();
  if (!linked) return null;
  await auditLink(linked, identity);
  await emitUserChange(realtime, 'users.updated', await presentWithSchool(linked));
  return linked;
}

export function identityFields(identity: Identity) {
  return {
    issuer: identity.issuer,
    subject: identity.subject,
    providerId: identity.providerId,
    providerName: identity.providerName,
    linkedAt: appNow(),
  };
}

/** The person linked it themselves (by signing in or registering): they are the actor. */
export function auditLink(user: UserRecord, identity: Identity): Promise<void> {
  return audit(user, 'user.identityLinked', { id: user._id, name: user.name, schoolId: user.schoolId, detail: identity.providerName });
}

/** A refused attempt on a known account is in that account's school's trail (the platform's for the Plattformadministrator). */
export function auditRefusal(user: UserRecord, providerName: string, reason: OidcFailure): Promise<void> {
  return audit(user, 'user.signInRefused', {
    id: user._id,
    name: user.name,
    schoolId: user.schoolId,
    detail: `${providerName}: ${reason}`,
  });
}

/** An Admin removes a user's link to a provider ('Fjern kobling til Feide'); audited, the lists follow. */
export async function unlinkIdentity(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  targetId: string,
  providerId: string,
  realtime: Realtime,
): Promise<User> {
  const target = await schoolReach(actor, schoolId).find(targetId);
  const identity = target.identities?.find((existing) => existing.providerId === providerId);
  if (!identity) throw notFound('Brukeren er ikke koblet til denne innloggingstjenesten');
  const remaining = (target.identities ?? []).filter((existing) => existing.providerId !== providerId);
  // Only from the user as read: a change meanwhile is not overwritten.
  const user = await UserModel.findOneAndUpdate(
    { _id: target._id, schoolId, updatedAt: target.updatedAt },
    { $set: { identities: remaining, identityKeys: remaining.map((existing) => identityKey(existing.issuer, existing.subject)) } },
    { new: true },
  ).lean<UserRecord>();
  if (!user) throw conflict(CHANGED_MEANWHILE);
  await audit(actor, 'user.identityUnlinked', { id: user._id, name: user.name, schoolId: user.schoolId, detail: identity.providerName });
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented);
  return presented;
}
