import { z } from 'zod';
import { ADMIN_ROLE, CARETAKER_ROLE, SUPERVISOR_ROLE, type Role } from './roles';

/**
 * Web Push (issue 32): what a device is sent when the app is closed. Nothing about sickness is ever
 * a notification, not even a name: health data never leaves in a push payload.
 */

/** The roles that get notifications, each for its own kinds (PUSH_KINDS_OF). */
export const PUSH_ROLES: readonly Role[] = [ADMIN_ROLE, SUPERVISOR_ROLE, CARETAKER_ROLE];

export const PUSH_KINDS = [
  'caseCreated',
  'caseChanged',
  'caseDeleted',
  'caseResolvedForSender',
  'userRegistered',
  'studentNotFound',
  'evacuationStarted',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_TEXTS = {
  endpointInvalid: 'Ugyldig adresse for varsler',
  endpointNotHttps: 'Adressen for varsler må bruke https',
  endpointNotPushService: 'Adressen for varsler må være hos en nettlesers varseltjeneste',
  endpointTaken: 'Denne adressen for varsler hører til en annen enhet',
  keysInvalid: 'Ugyldige nøkler for varsler',
  subscriptionNotFound: 'Fant ikke varsler for denne enheten',
  notConfigured: 'Varsler er ikke satt opp på denne serveren',
} as const;

/** RFC 8291: the device's P-256 public key (uncompressed, 65 bytes) and its 16-byte auth secret, base64url. */
const base64url = (bytes: number) =>
  z
    .string({ error: PUSH_TEXTS.keysInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_TEXTS.keysInvalid)
    .refine((value) => decodedLength(value) === bytes, PUSH_TEXTS.keysInvalid);

function decodedLength(value: string): number {
  const bare = value.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
export const pushEndpointSchema = z
  .string({ error: PUSH_TEXTS.endpointInvalid })
  .max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_TEXTS.endpointInvalid)
  .refine((value) => URL.canParse(value), PUSH_TEXTS.endpointInvalid);

/** POST /api/push/subscriptions: the browser's own PushSubscription.toJSON(), and the Admin's choice of new cases. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { error: PUSH_TEXTS.keysInvalid }),
  /** An Admin's: also new and changed maintenance cases on this device. Left as it was when absent. */
  newCases: z.boolean().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const deletePushSubscriptionBodySchema = z.object({ endpoint: pushEndpointSchema });

/** What the server keeps for this device: the kinds it will be sent. */
export const pushSubscriptionStateSchema = z.object({
  endpoint: z.string(),
  newCases: z.boolean(),
  kinds: z.array(z.enum(PUSH_KINDS)),
});
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;

export const pushKeySchema = z.object({ publicKey: z.string() });

/** The decrypted payload the service worker shows: a notification, and where a tap leads. */
export const pushMessageSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the app, opened (or navigated to in an open window) on a tap. */
  url: z.string().startsWith('/'),
  /** One notification per thing: a later one about the same case replaces the earlier. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The kinds a role gets; an Admin gets the case kinds only on devices where they chose them. */
export function pushKindsOf(role: Role, newCases: boolean): PushKind[] {
  // An evacuation (issue 47) reaches every staff device with notifications on.
  if (role === CARETAKER_ROLE) return ['caseCreated', 'caseChanged', 'caseDeleted', 'caseResolvedForSender', 'evacuationStarted'];
  if (role === ADMIN_ROLE)
    return newCases
      ? ['caseCreated', 'caseChanged', 'caseDeleted', 'caseResolvedForSender', 'userRegistered', 'evacuationStarted']
      : ['caseResolvedForSender', 'userRegistered', 'evacuationStarted'];
  // A student not found on a roll call (issue 47): to the other supervisors on duty.
  if (role === SUPERVISOR_ROLE) return ['caseResolvedForSender', 'studentNotFound', 'evacuationStarted'];
  return [];
}
