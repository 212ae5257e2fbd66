import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '#protocol/auth';
import type { Config } from '../../config';
import type { SignInMethod } from '../../plugins/principals';
import { beginSession } from '../auth/service';
import type { UserRecord } from '../../core/accounts/userModel';
import { linkIdentity, type Identity } from './identities';
import type { ProviderSignInEnd } from '../secondFactor/service';

/** What an allowed OpenID sign-in keeps: the provider and its ID token (for signing out there), and a link found by e-mail. */
export type OidcCompletion = { providerId: string; idToken: string; link?: Identity | null };

/**
 * The end of every allowed sign-in through a provider, straight after it or after the code of the
 * authenticator app (features/secondFactor): the link by e-mail is stored only now, and never onto an
 * account that got one meanwhile; then the session. Null: the account changed meanwhile, no session.
 */
export async function completeOidcSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  completion: OidcCompletion,
  config: Config,
  method: Extract<SignInMethod, 'oidc' | 'oidcAndCode'>,
): Promise<LoginResponse | null> {
  if (completion.link) {
    if (user.identities?.length) return null;
    if (!(await linkIdentity(user, completion.link, request.realtime))) return null;
  }
  return beginSession(request, reply, user, config, method, { providerId: completion.providerId, idToken: completion.idToken });
}

/** The same end after the authenticator app's code (registered with features/secondFactor), from what its half-done sign-in stored. */
export const completeOidcSignInAfterCode: ProviderSignInEnd = (request, reply, user, stored, config) => {
  const { link, ...kept } = stored;
  const identity = link ? { ...link, email: link.email ?? null, name: link.name ?? null } : null;
  return completeOidcSignIn(request, reply, user, { ...kept, link: identity }, config, 'oidcAndCode');
};
