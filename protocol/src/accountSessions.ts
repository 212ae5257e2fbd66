import { z } from 'zod';

/**
 * 'Innlogginger' on Min konto (issue 43): the person's own sessions, each named by a public handle
 * (never the session's secret id), with a short device description, the address the server saw,
 * when it signed in and was last used. Any but the current one can be ended.
 */
export const ACCOUNT_SESSION_TEXTS = {
  ended: 'Innloggingen er avsluttet.',
  notFound: 'Fant ikke innloggingen',
  current: 'Dette er innloggingen du bruker nå. Logg ut fra menyen i stedet.',
  badHandle: 'Ugyldig innlogging',
  unknownDevice: 'Ukjent enhet',
} as const;

export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  signedInAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

export const accountSessionParamsSchema = z.object({
  id: z.string({ error: ACCOUNT_SESSION_TEXTS.badHandle }).regex(/^[0-9a-f]{32}$/, ACCOUNT_SESSION_TEXTS.badHandle),
});
