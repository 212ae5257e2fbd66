import { z } from 'zod';
import { oneTimeCodeSchema } from './secondFactor';

/**
 * 'Husk denne enheten' (issue 44): a person with an authenticator app may let one device skip the
 * code at password sign-in for a working day. The trust is bound to that browser (an HttpOnly
 * signed cookie naming a record on the server), listed on Min konto where it can be removed, never
 * given to the Plattformadministrator, and gone when the password or a factor changes.
 * Twelve hours: one shift, and the session's own absolute limit (docs/decisions.md).
 */
export const TRUSTED_DEVICE_HOURS = 12;
export const TRUSTED_DEVICE_MS = TRUSTED_DEVICE_HOURS * 3_600_000;

export const TRUSTED_DEVICE_TEXTS = {
  removed: 'Enheten må nå oppgi engangskode igjen ved innlogging.',
  notFound: 'Fant ikke enheten',
  badId: 'Ugyldig enhet',
  badChoice: 'Velg om enheten skal huskes',
  notForPlatformAdmin: 'Plattformadministratoren kan ikke la en enhet hoppe over engangskoden.',
  passwordOnly: 'Å huske enheten gjelder bare innlogging med passord.',
  unknownDevice: 'Ukjent enhet',
} as const;

/** POST /api/auth/second-factor: the code, and whether this device may skip it for the next 12 hours (optional). */
export const secondStepBodySchema = z.object({
  code: oneTimeCodeSchema,
  trustDevice: z.boolean({ error: TRUSTED_DEVICE_TEXTS.badChoice }).optional(),
});
export type SecondStepBody = z.infer<typeof secondStepBodySchema>;

/** GET /api/account/trusted-devices: the caller's own, newest first, this browser's marked. */
export const trustedDeviceSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  trustedAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  current: z.boolean(),
});
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;
export const trustedDevicesSchema = z.array(trustedDeviceSchema);

export const trustedDeviceParamsSchema = z.object({
  id: z.string({ error: TRUSTED_DEVICE_TEXTS.badId }).regex(/^[0-9a-f]{32}$/, TRUSTED_DEVICE_TEXTS.badId),
});
