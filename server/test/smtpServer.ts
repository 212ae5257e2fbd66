import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A mail as the SMTP server received it: the envelope, the headers, and the text part decoded. */
export type ReceivedMail = {
  from: string;
  to: string[];
  user: string | undefined;
  headers: Record<string, string>;
  text: string;
  raw: string;
};

export type TestSmtpServer = {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Until the returned function is called, the server keeps every sender waiting before it takes a mail. */
  hold(): () => void;
  /** Resolves once `count` mails have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export const SMTP_USER = 'tilsynsvakt';
export const SMTP_PASSWORD = 'smtp-hemmelig';

/**
 * A real SMTP server on loopback (smtp-server), as a school's mail relay: it asks for the user and
 * password of SMTP_URL (plain AUTH, no TLS on loopback) and keeps every message it is given.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let gate: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Feil brukernavn eller passord'));
    },
    onMailFrom(_address, _session, callback) {
      void gate.then(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    mails,
    hold() {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    async waitFor(count, timeoutMs = 5000) {
      const started = Date.now();
      while (mails.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough of RFC 5322 and MIME for a one-part text mail: unfolded headers, the body decoded. */
export function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return { headers, text: decodeBody(body, encoding).replace(/\r\n/g, '\n') };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  // Soft line breaks ('=' at a line's end) join lines; '=XX' are bytes of UTF-8.
  const joined = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The link in a reset mail, and its token (after '#'). */
export function resetLinkIn(mail: ReceivedMail): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/nytt-passord#([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!match) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return { link: match[1]!, token: match[2]! };
}

/** Decodes an RFC 2047 encoded-word header ('=?UTF-8?Q?...?=' or '?B?'), as a subject is sent. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}
