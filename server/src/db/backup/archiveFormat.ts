import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import mongoose from 'mongoose';

/**
 * A backup archive: gzip around a magic line and a run of length-prefixed BSON frames (so every
 * ObjectId, date and binary survives exactly): a header, one frame per document, and a trailer
 * with the count per part and a SHA-256 of everything before it. Reading checks all of it. With a
 * key (BACKUP_KEY) the trailer also holds an HMAC-SHA256 of the same bytes: a SHA-256 anyone can
 * recompute after editing an archive; the HMAC only someone who has the key.
 */
const { BSON } = mongoose.mongo;
const MAGIC = Buffer.from('TILSYNSVAKT-BACKUP 1\n');

export type Part = { database: 'main' | 'school'; collection: string; indexes: Array<Record<string, unknown>> };
export type ArchiveHeader = {
  kind: 'header';
  format: 1;
  createdAt: Date;
  /** Everything, or one school with its users and audit entries. */
  schoolId: string | null;
  schemaVersion: number;
  /** The school databases are named for these schools. */
  schoolIds: string[];
};
type DocFrame = { kind: 'doc'; part: number; schoolId: string | null; doc: Record<string, unknown> };
type PartFrame = { kind: 'part'; part: number; schoolId: string | null } & Part;
type Trailer = { kind: 'end'; documents: number; sha256: string; hmac?: string };

export class ArchiveRefused extends Error {}
export const NOT_AN_ARCHIVE = 'Filen er ikke en sikkerhetskopi fra Tilsynsvakt.';
export const DAMAGED = 'Arkivet er ufullstendig eller endret (sjekksummen stemmer ikke). Ingenting er gjenopprettet.';
export const UNAUTHENTIC =
  'Arkivet kan ikke bekreftes med BACKUP_KEY: det er ikke signert med denne nøkkelen, eller det er endret etterpå. Ingenting er gjenopprettet.';

/** The archive's checksum, and its HMAC when there is a key: both over the same bytes. */
class Digest {
  private readonly hash: Hash = createHash('sha256');
  private readonly mac: Hmac | null;
  constructor(key: string | undefined) {
    this.mac = key ? createHmac('sha256', key) : null;
  }
  update(bytes: Buffer): void {
    this.hash.update(bytes);
    this.mac?.update(bytes);
  }
  trailer(documents: number): Trailer {
    return { kind: 'end', documents, sha256: this.hash.digest('hex'), ...(this.mac ? { hmac: this.mac.digest('hex') } : {}) };
  }
}

function sameMac(stored: unknown, expected: string | undefined): boolean {
  if (typeof stored !== 'string' || !expected) return false;
  const [a, b] = [Buffer.from(stored, 'hex'), Buffer.from(expected, 'hex')];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Writes frames to `file` through a temporary name, so a backup cut short never looks whole; signed when given a key. */
export async function writeArchive(file: string, frames: AsyncIterable<Record<string, unknown>>, key?: string): Promise<number> {
  const partial = `${file}.partial`;
  const digest = new Digest(key);
  let documents = 0;
  async function* bytes() {
    digest.update(MAGIC);
    yield MAGIC;
    for await (const frame of frames) {
      if (frame.kind === 'doc') documents += 1;
      const encoded = encode(frame);
      digest.update(encoded);
      yield encoded;
    }
    yield encode(digest.trailer(documents));
  }
  try {
    // Owner only: an archive holds every school's data, health data among it.
    await pipeline(Readable.from(bytes()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return documents;
}

function encode(frame: Record<string, unknown>): Buffer {
  const body = Buffer.from(BSON.serialize(frame));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  return Buffer.concat([length, body]);
}

export type ArchiveFrame = ArchiveHeader | PartFrame | DocFrame;

export type ReadOptions = {
  /** BACKUP_KEY: the archive must carry an HMAC made with it. */
  key?: string | undefined;
  /** Told at the end whether the archive carries an HMAC at all. */
  onSigned?: (signed: boolean) => void;
};

/**
 * The archive's frames, header first. Throws ArchiveRefused when it is not an archive, is cut
 * short, does not match its checksum, or (given a key) its HMAC; the last frames come only after
 * those held, so a reader that writes as it goes must read it through once first (`verifyArchive`).
 */
export async function* readArchive(file: string, options: ReadOptions = {}): AsyncGenerator<ArchiveFrame> {
  const digest = new Digest(options.key);
  let buffered: Buffer = Buffer.alloc(0);
  let sawMagic = false;
  let sawHeader = false;
  let trailer: Trailer | null = null;
  let documents = 0;
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      if (!sawMagic) {
        if (buffered.length < MAGIC.length) continue;
        if (!buffered.subarray(0, MAGIC.length).equals(MAGIC)) throw new ArchiveRefused(NOT_AN_ARCHIVE);
        digest.update(MAGIC);
        buffered = buffered.subarray(MAGIC.length);
        sawMagic = true;
      }
      while (buffered.length >= 4) {
        const length = buffered.readUInt32LE(0);
        if (buffered.length < 4 + length) break;
        const raw = buffered.subarray(0, 4 + length);
        buffered = buffered.subarray(4 + length);
        if (trailer) throw new ArchiveRefused(DAMAGED);
        const frame = BSON.deserialize(raw.subarray(4)) as ArchiveFrame | Trailer;
        if (frame.kind === 'end') {
          trailer = frame;
          continue;
        }
        digest.update(raw);
        if (!sawHeader && frame.kind !== 'header') throw new ArchiveRefused(DAMAGED);
        sawHeader = true;
        if (frame.kind === 'doc') documents += 1;
        yield frame;
      }
    }
  } catch (err) {
    if (err instanceof ArchiveRefused) throw err;
    // Not gzip at all; or gzip's own check, a frame cut in two, BSON that does not parse.
    throw new ArchiveRefused((await isGzip(file)) ? DAMAGED : NOT_AN_ARCHIVE);
  }
  if (!sawMagic) throw new ArchiveRefused(NOT_AN_ARCHIVE);
  const expected = digest.trailer(documents);
  if (!trailer || buffered.length > 0 || trailer.sha256 !== expected.sha256 || trailer.documents !== documents)
    throw new ArchiveRefused(DAMAGED);
  if (options.key && !sameMac(trailer.hmac, expected.hmac)) throw new ArchiveRefused(UNAUTHENTIC);
  options.onSigned?.(Boolean(trailer.hmac));
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(2);
    await handle.read(start, 0, 2, 0);
    return start[0] === 0x1f && start[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Reads the whole archive once and returns its header: nothing is written before this holds. */
export async function verifyArchive(file: string, key?: string): Promise<{ header: ArchiveHeader; documents: number; signed: boolean }> {
  let header: ArchiveHeader | null = null;
  let documents = 0;
  let signed = false;
  for await (const frame of readArchive(file, { key, onSigned: (value) => (signed = value) })) {
    if (frame.kind === 'header') header = frame;
    if (frame.kind === 'doc') documents += 1;
  }
  if (!header || header.format !== 1) throw new ArchiveRefused(DAMAGED);
  return { header, documents, signed };
}
