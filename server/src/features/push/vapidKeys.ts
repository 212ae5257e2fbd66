import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_FILE = 'vapid-keys.json';

/**
 * The application server's VAPID key pair (RFC 8292). From the environment when set; otherwise
 * made once and kept under DATA_DIR, so a local start keeps its devices' subscriptions across
 * restarts (a subscription is bound to the key it was made with). Several instances must share
 * one pair: set it in the environment.
 */
export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = path.resolve(config.dataDir, KEY_FILE);
  try {
    return { ...(await storedOrMade(file)), subject };
  } catch (error) {
    throw new Error(
      `Fant ikke og kunne ikke lagre VAPID-nøklene i ${file}: sett VAPID_PUBLIC_KEY og VAPID_PRIVATE_KEY, eller gi DATA_DIR skrivetilgang`,
      { cause: error },
    );
  }
}

async function storedOrMade(file: string): Promise<{ publicKey: string; privateKey: string }> {
  const stored = await readStored(file);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole under a name of its own, then linked into place: of two processes starting at
  // once on one DATA_DIR, the second's link fails and it reads the first's pair, never half a file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, JSON.stringify(made), { mode: 0o600 });
  try {
    await link(draft, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const first = await readStored(file);
    if (!first) throw error;
    return first;
  } finally {
    await unlink(draft);
  }
}

async function readStored(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string'
      ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
      : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
