import { z } from 'zod';
import { parseOidcProviders, type OidcProviderConfig } from './oidcConfig';

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production-0123456789';

const booleanFlag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  MONGODB_URI: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET må være minst 32 tegn').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** The spec's 2 minutes without activity, and 10 s for the client's report to arrive (issue 43). */
  SESSION_ACTIVITY_LIMIT_SECONDS: z.coerce.number().positive().default(130),
  PLATFORM_ADMIN_EMAIL: z.string().email().optional(),
  PLATFORM_ADMIN_PASSWORD: z.string().min(6).optional(),
  DEMO_DATA: booleanFlag.default(false),
  /** Whether Plattformadministratorer must give a second factor: unset, the setting the portal keeps (on by default in production); set, it decides. */
  REQUIRE_SECOND_FACTOR_PLATFORM: booleanFlag.optional(),
  REDIS_URL: z.string().min(1).optional(),
  PUBLIC_ORIGIN: z.string().url().optional(),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z.string().optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  /** Turns /metrics on, for a scraper that sends it as a bearer token. */
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN må være minst 24 tegn').optional(),
  /** Signs backups (an HMAC); a restore with it refuses an archive not signed with it. */
  BACKUP_KEY: z.string().min(32, 'BACKUP_KEY må være minst 32 tegn').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Appends the log to this file instead of writing it to standard output. */
  LOG_FILE: z.string().min(1).optional(),
  /** Seconds before the embedded database is started again after it stopped by itself. */
  EMBEDDED_DB_RESTART_SECONDS: z.coerce.number().positive().max(300).default(1),
  /** Worker threads that lay exports out; by default one fewer than the machine's cores, at most four. */
  EXPORT_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** Web Push (VAPID, RFC 8292): the application server's key pair, base64url; made once under DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY må være en P-256-nøkkel i base64url (87 tegn)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY må være en P-256-nøkkel i base64url (43 tegn)')
    .optional(),
  /** Who runs this server, for the push services: a mailto: or https: address. */
  /** OpenID Connect sign-in (Feide, Microsoft): a JSON list of { id, name, issuer, clientId, clientSecret } (oidcConfig.ts). */
  OIDC_PROVIDERS: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT må være en mailto:- eller https:-adresse')
    .optional(),
  /** E-mail for 'Glemt passord?': the SMTP server (smtp:// or smtps://, user and password in the URL) and the sender. */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'SMTP_URL må være en smtp://- eller smtps://-adresse, f.eks. smtp://bruker:passord@smtp.skole.no:587')
    .optional(),
  MAIL_FROM: z.string().refine(isMailFrom, 'MAIL_FROM må være en e-postadresse, f.eks. «Tilsynsvakt <tilsynsvakt@skole.no>»').optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  mongodbUri: string | undefined;
  dataDir: string;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** How long a signed-in session lives after the person's last reported activity (app clock). */
  sessionActivityLimitMs: number;
  platformAdmin: { email: string; password: string } | undefined;
  demoData: boolean;
  /** The second factor for Plattformadministratorer (issue 33): forced by REQUIRE_SECOND_FACTOR_PLATFORM, or the portal's own setting with this default. */
  platformSecondFactor: { forced: boolean | undefined; byDefault: boolean };
  redisUrl: string | undefined;
  /** Extra origins allowed to open a socket besides the page's own host (e.g. a proxy's public URL). */
  publicOrigin: string | undefined;
  /** Attempts per minute for login and register, per IP address and per account. */
  rateLimits: { perIp: number; perAccount: number };
  logLevel: string;
  /** LOG_FILE: where the log is appended; standard output when unset. */
  logFile: string | undefined;
  /** How long the embedded database stays down after it stopped by itself before it is started again. */
  embeddedRestartDelayMs: number;
  /** EXPORT_WORKERS: worker threads for exports; undefined for the machine's default. */
  exportWorkers: number | undefined;
  /** Web Push: keys from the environment (else made once under dataDir) and the contact the push services see. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /**
   * The proxy whose X-Forwarded-* headers are believed (IP addresses, CIDR ranges, or proxy-addr's
   * 'loopback' / 'uniquelocal'); false: nobody's. Never 'everybody': with the port reachable, anyone
   * could forge X-Forwarded-For and walk past the per-IP sign-in limit.
   */
  trustProxy: string | false;
  /** Secure cookies: on in production unless COOKIE_SECURE=false (plain-HTTP trials only). */
  cookieSecure: boolean;
  clientDir: string;
  /** /metrics exists only with a token (docs/metrics.md). */
  metricsToken: string | undefined;
  /** BACKUP_KEY: backups are signed with it and restores check it (docs/operations.md). */
  backupKey: string | undefined;
  /** OIDC_PROVIDERS: the OpenID Connect providers one may sign in with (none when unset). */
  oidcProviders: OidcProviderConfig[];
  /** SMTP_URL and MAIL_FROM: where reset links are sent from; undefined: no 'Glemt passord?' by e-mail. */
  mail: { smtpUrl: string; from: string } | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (e.g. `FOO=` in docker-compose) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Ugyldig konfigurasjon: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error('SESSION_SECRET må settes i produksjon (minst 32 tegn).');
  }
  if (e.NODE_ENV === 'production' && e.DEMO_DATA) {
    throw new Error('DEMO_DATA kan ikke brukes i produksjon: demobrukernes passord står i README.');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('VAPID_PUBLIC_KEY og VAPID_PRIVATE_KEY må settes sammen.');
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new Error('SMTP_URL og MAIL_FROM må settes sammen.');
  }
  // The link in a mail must point at the portal itself, never at whatever Host a request names (issue 43: in every mode).
  if (e.SMTP_URL && !e.PUBLIC_ORIGIN) {
    throw new Error('SMTP_URL krever PUBLIC_ORIGIN: lenken i e-posten skal peke på portalens egen adresse.');
  }
  if (Boolean(e.PLATFORM_ADMIN_EMAIL) !== Boolean(e.PLATFORM_ADMIN_PASSWORD)) {
    throw new Error('PLATFORM_ADMIN_EMAIL og PLATFORM_ADMIN_PASSWORD må settes sammen.');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    mongodbUri: e.MONGODB_URI,
    dataDir: e.DATA_DIR,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    sessionActivityLimitMs: e.SESSION_ACTIVITY_LIMIT_SECONDS * 1000,
    platformAdmin:
      e.PLATFORM_ADMIN_EMAIL && e.PLATFORM_ADMIN_PASSWORD
        ? { email: e.PLATFORM_ADMIN_EMAIL, password: e.PLATFORM_ADMIN_PASSWORD }
        : undefined,
    demoData: e.DEMO_DATA,
    platformSecondFactor: { forced: e.REQUIRE_SECOND_FACTOR_PLATFORM, byDefault: e.NODE_ENV === 'production' },
    redisUrl: e.REDIS_URL,
    publicOrigin: e.PUBLIC_ORIGIN,
    rateLimits: { perIp: e.LOGIN_LIMIT_PER_IP, perAccount: e.LOGIN_LIMIT_PER_ACCOUNT },
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    embeddedRestartDelayMs: e.EMBEDDED_DB_RESTART_SECONDS * 1000,
    exportWorkers: e.EXPORT_WORKERS,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.PUBLIC_ORIGIN),
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    clientDir: e.CLIENT_DIR,
    metricsToken: e.METRICS_TOKEN,
    backupKey: e.BACKUP_KEY,
    oidcProviders: parseOidcProviders(e.OIDC_PROVIDERS, e.NODE_ENV),
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
  };
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
/** 'tilsynsvakt@skole.no' or 'Tilsynsvakt <tilsynsvakt@skole.no>', on one line. */
function isMailFrom(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^[^<>\r\n]*<([^<>]+)>$/.exec(value.trim());
  return ADDRESS.test(named ? named[1]! : value.trim());
}

/** The public https origin when there is one; otherwise an address that says whose server this is. */
function defaultVapidSubject(publicOrigin: string | undefined): string {
  return publicOrigin?.startsWith('https://') ? publicOrigin : 'mailto:drift@tilsynsvakt.invalid';
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f]*:[0-9a-f:]+(\/\d{1,3})?$/i;

/** TRUST_PROXY: off by default; otherwise a list of the proxy's addresses, never a blanket 'true'. */
function parseTrustProxy(value: string | undefined): string | false {
  if (value === undefined || ['0', 'false', 'no', 'off'].includes(value)) return false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid =
    entries.length > 0 && entries.every((entry) => PROXY_PRESETS.has(entry) || IPV4_OR_CIDR.test(entry) || IPV6_OR_CIDR.test(entry));
  if (!valid) {
    throw new Error(
      `Ugyldig konfigurasjon: TRUST_PROXY må være adressen eller adressene til proxyen (IP eller CIDR, kommaseparert, eller loopback/uniquelocal), ikke «${value}».`,
    );
  }
  return entries.join(',');
}
