import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { LoginResponse } from '#protocol/auth';
import {
  OIDC_FAILURE_PARAM,
  OIDC_REGISTER_PARAM,
  oidcCallbackPath,
  type OidcFailure,
  type OidcRegisterBody,
  type OidcRegistration,
} from '#protocol/oidc';
import { ADMIN_ROLE, landingPath, PLATFORM_ADMIN_ROLE, SUPERVISOR_ROLE, type Role } from '#protocol/roles';
import { CODE_STEP_PATH } from '#protocol/secondFactor';
import { TEXTS } from '#protocol/texts';
import { appNow } from '../../appClock';
import type { Config } from '../../config';
import { trusted } from '../../db/trusted';
import { unlessDuplicate } from '../../db/duplicateKey';
import { badRequest, conflict, notFound } from '../../httpError';
import { pending } from '../../plugins/pendingState';
import type { Realtime } from '../../realtime/realtime';
import { beginSession } from '../auth/service';
import type { PushNotifier } from '../push/notifier';
import { findActiveSchool, isSchoolActive } from '../../core/accounts/activeSchools';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { presentUser } from '../../core/accounts/presentUser';
import { emitUserChange } from '../users/service';
import { OidcFlow, type OidcFlowRecord } from './flowModel';
import { secondFactorRequired } from '../secondFactor/requirement';
import { beginSecondStep, hasTotp } from '../secondFactor/service';
import { completeOidcSignIn, type OidcCompletion } from './completion';
import { auditLink, auditRefusal, identityFields, identityKey, isEmailAuthority, resolveIdentity, type Identity } from './identities';
import type { ConfiguredProvider, OidcProviders } from './providers';

const SIGN_IN_MS = 10 * 60_000;
const REGISTRATION_MS = 30 * 60_000;
export const EXPIRED_REGISTRATION = 'Innloggingen er utløpt. Begynn på nytt fra innloggingssiden.';

const failedAt = (failure: OidcFailure) => `/login?${OIDC_FAILURE_PARAM}=${failure}`;

/** The address the provider sends the browser back to: on PUBLIC_ORIGIN when set, else this request's own origin. */
function originOf(request: FastifyRequest, config: Config): string {
  return config.publicOrigin ? new URL(config.publicOrigin).origin : `${request.protocol}://${request.host}`;
}

/** Takes this browser's flow of this kind: once, and only while it lasts. */
async function takeFlow(request: FastifyRequest, kind: 'signIn' | 'registration'): Promise<OidcFlowRecord | null> {
  const flowId = pending(request, 'oidc').take();
  if (!flowId) return null;
  const flow = await OidcFlow.findOneAndDelete({ _id: flowId, kind }).lean<OidcFlowRecord>();
  return flow && flow.expiresAt.getTime() > appNow().getTime() ? flow : null;
}

function newFlowId(): string {
  // Expired flows go as new ones begin (no TTL index on the embedded engine); nobody waits for it.
  void OidcFlow.deleteMany({ expiresAt: trusted({ $lte: appNow() }) }).catch(() => undefined);
  return randomBytes(24).toString('base64url');
}

export function mustFind(providers: OidcProviders, id: string): ConfiguredProvider {
  const provider = providers.get(id);
  if (!provider) throw notFound('Ukjent innloggingstjeneste');
  return provider;
}

/**
 * GET /api/auth/oidc/{id}/start: a new state, nonce and PKCE verifier kept server-side for this
 * browser, and the address at the provider to go to (or back to /login when it does not answer).
 */
export async function startSignIn(request: FastifyRequest, provider: ConfiguredProvider, config: Config): Promise<string> {
  let configuration: client.Configuration;
  try {
    configuration = await provider.configuration();
  } catch (err) {
    request.log.warn({ err, provider: provider.id }, 'OIDC discovery failed');
    return failedAt('unavailable');
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const redirectUri = originOf(request, config) + oidcCallbackPath(provider.id);
  const id = newFlowId();
  await OidcFlow.create({
    _id: id,
    kind: 'signIn',
    providerId: provider.id,
    state,
    nonce,
    codeVerifier,
    redirectUri,
    expiresAt: new Date(appNow().getTime() + SIGN_IN_MS),
  });
  // The provider's redirect back is a top-level GET, which carries the session's SameSite=Lax cookie.
  pending(request, 'oidc').keep(id, SIGN_IN_MS);
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  }).href;
}

type CallbackDeps = { config: Config; realtime: Realtime };

/**
 * GET /api/auth/oidc/{id}/callback: the code is exchanged (state, nonce and PKCE checked by
 * openid-client), the identity resolved to an account, and the browser sent on: signed in to its
 * landing page, to /register for an unknown identity, or to /login with the reason's code.
 */
export async function finishSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: ConfiguredProvider,
  deps: CallbackDeps,
): Promise<string> {
  const { config } = deps;
  const flow = await takeFlow(request, 'signIn');
  if (!flow || flow.providerId !== provider.id || !flow.redirectUri) return failedAt('expired');
  let configuration: client.Configuration;
  try {
    configuration = await provider.configuration();
  } catch (err) {
    request.log.warn({ err, provider: provider.id }, 'OIDC discovery failed');
    return failedAt('unavailable');
  }
  const callbackUrl = new URL(flow.redirectUri);
  callbackUrl.search = new URL(request.url, 'http://callback').search;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier ?? '',
      expectedState: flow.state ?? '',
      expectedNonce: flow.nonce ?? '',
      idTokenExpected: true,
    });
  } catch (err) {
    // Only the error's kind is logged: the provider's own text is never shown or kept.
    const { name, code, error } = err as { name?: string; code?: string; error?: string };
    request.log.warn({ provider: provider.id, name, code, error }, 'OIDC callback refused');
    return failedAt(error === 'access_denied' ? 'cancelled' : 'failed');
  }
  const identity = await identityOf(configuration, tokens, provider);
  if (!identity) return failedAt('failed');
  const resolution = await resolveIdentity(identity);
  if ('register' in resolution) {
    const id = newFlowId();
    await OidcFlow.create({
      _id: id,
      kind: 'registration',
      providerId: provider.id,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      name: identity.name ?? '',
      idToken: tokens.id_token,
      expiresAt: new Date(appNow().getTime() + REGISTRATION_MS),
    });
    pending(request, 'oidc').keep(id, REGISTRATION_MS);
    return `/register?${OIDC_REGISTER_PARAM}=${encodeURIComponent(provider.id)}`;
  }
  const user = 'user' in resolution ? resolution.user : undefined;
  const refusal = 'refused' in resolution ? resolution.refused : await refusalFor(resolution.user, config);
  if (refusal) {
    if (user) await auditRefusal(user, provider.name, refusal);
    return failedAt(refusal);
  }
  const completion: OidcCompletion = {
    providerId: provider.id,
    idToken: tokens.id_token ?? '',
    link: 'link' in resolution ? resolution.link : undefined,
  };
  // As after a right password (issue 43): with the app on, its code first; the link waits for it too.
  if (await hasTotp(user!._id)) {
    await beginSecondStep(request, user!, completion);
    return CODE_STEP_PATH;
  }
  if (!(await completeOidcSignIn(request, reply, user!, completion, config, 'oidc'))) return failedAt('failed');
  return landingPath(user!.role as Role);
}

/**
 * As password sign-in: a deactivated account stays out here (no status screen), a pending one comes
 * in to its own. An account with the authenticator app gives its code next (finishSignIn); an Admin
 * whose school requires a second factor and who has no app is sent to a passkey: what the provider
 * asked of them is not known here (features/secondFactor, docs/decisions.md).
 */
async function refusalFor(user: UserRecord, config: Config): Promise<OidcFailure | null> {
  if (user.role === PLATFORM_ADMIN_ROLE) return 'platformAdmin';
  if (user.status === 'deactivated') return 'deactivated';
  if (!(await isSchoolActive(user.schoolId))) return user.role === ADMIN_ROLE ? 'schoolInactiveAdmin' : 'schoolInactive';
  if (!(await hasTotp(user._id)) && (await secondFactorRequired(user, config))) return 'secondFactor';
  return null;
}

/** The ID token's claims, with the userinfo endpoint's where the token leaves e-mail or name out (Feide does). */
async function identityOf(
  configuration: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  provider: ConfiguredProvider,
): Promise<Identity | null> {
  const claims = tokens.claims();
  if (!claims) return null;
  let info: Record<string, unknown> = { ...claims };
  if ((!claims.email || !claims.name) && configuration.serverMetadata().userinfo_endpoint) {
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(() => null);
    if (userinfo) info = { ...userinfo, ...stripUndefined(claims) };
  }
  const email = typeof info.email === 'string' && info.email.trim() ? info.email.trim() : null;
  const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim().slice(0, 100) : null;
  return {
    providerId: provider.id,
    providerName: provider.name,
    issuer: claims.iss,
    subject: claims.sub,
    email,
    // Only an explicit true: a missing claim or "true" as text is not a verification.
    emailVerified: info.email_verified === true,
    emailAuthority: isEmailAuthority(provider.emailDomains, email),
    name,
  };
}

function stripUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null));
}

/** GET /api/auth/oidc/registration: the name and e-mail of this browser's unknown identity, for the form. */
export async function registrationInfo(request: FastifyRequest, providers: OidcProviders): Promise<OidcRegistration> {
  const flowId = pending(request, 'oidc').peek();
  const flow = flowId ? await OidcFlow.findOne({ _id: flowId, kind: 'registration' }).lean<OidcFlowRecord>() : null;
  if (!flow || flow.expiresAt.getTime() <= appNow().getTime() || !flow.email) throw notFound(EXPIRED_REGISTRATION);
  return { providerName: providers.get(flow.providerId)?.name ?? flow.providerId, name: flow.name ?? '', email: flow.email };
}

type RegisterDeps = { config: Config; realtime: Realtime; push: PushNotifier; providers: OidcProviders };

/**
 * POST /api/auth/oidc/registration: the unknown identity registers at the school chosen, with its
 * provider's verified e-mail and no password, linked from the start; it waits for approval as every
 * registration does, signed in to its status screen meanwhile.
 */
export async function registerIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  body: OidcRegisterBody,
  deps: RegisterDeps,
): Promise<LoginResponse> {
  const { config } = deps;
  const school = await findActiveSchool(body.schoolId);
  if (!school) throw badRequest(TEXTS.unknownSchool);
  const flow = await takeFlow(request, 'registration');
  if (!flow || !flow.email || !flow.issuer || !flow.subject) throw notFound(EXPIRED_REGISTRATION);
  const provider = deps.providers.get(flow.providerId);
  const identity: Identity = {
    providerId: flow.providerId,
    providerName: provider?.name ?? flow.providerId,
    issuer: flow.issuer,
    subject: flow.subject,
    email: flow.email,
    emailVerified: true,
    emailAuthority: false,
    name: body.name,
  };
  const created = await unlessDuplicate(
    () =>
      UserModel.create({
        name: body.name,
        email: flow.email!.toLowerCase(),
        passwordHash: null,
        role: SUPERVISOR_ROLE,
        status: 'pending',
        schoolId: school._id,
        identities: [identityFields(identity)],
        identityKeys: [identityKey(identity.issuer, identity.subject)],
      }),
    () => null,
  );
  if (!created) throw conflict('Det finnes allerede en konto med denne e-postadressen. Logg inn med e-post og passord.');
  const user = created.toObject() as UserRecord;
  await auditLink(user, identity);
  await emitUserChange(deps.realtime, 'users.registered', presentUser(user, school.name));
  deps.push.userRegistered(school._id.toHexString(), { id: user._id.toHexString(), name: user.name });
  return beginSession(request, reply, user, config, 'oidc', { providerId: flow.providerId, idToken: flow.idToken ?? '' });
}

/**
 * At sign-out: where the browser goes to end the provider's session too (RP-initiated logout),
 * when this session came from a provider whose discovery names an end_session_endpoint.
 */
export async function endSessionUrl(request: FastifyRequest, providers: OidcProviders, config: Config): Promise<string | undefined> {
  const oidc = request.session?.userId ? request.session.oidc : undefined;
  const provider = oidc ? providers.get(oidc.providerId) : undefined;
  if (!oidc?.idToken || !provider) return undefined;
  try {
    const configuration = await provider.configuration();
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: oidc.idToken,
      post_logout_redirect_uri: `${originOf(request, config)}/login`,
    }).href;
  } catch {
    return undefined;
  }
}
