import { inflateRawSync } from 'node:zlib';
import { MAX_INFLATED_BYTES, MAX_ZIP_ENTRIES } from './limits';
import { StudentFileError } from './studentFileError';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_MARK = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

const TOO_BIG = `Regnearket pakker seg ut til mer enn ${MAX_INFLATED_BYTES / 1024 / 1024} MB og kan ikke leses. Lagre elevlisten på nytt som .xlsx eller CSV og last den opp igjen.`;
const BROKEN = 'Regnearket er skadet og kan ikke leses. Lagre elevlisten på nytt som .xlsx eller CSV og last den opp igjen.';

const bomb = () => new StudentFileError('zipBomb', TOO_BIG);
const broken = () => new StudentFileError('unreadableXlsx', BROKEN);

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localHeaderAt: number;
}

function endOfDirectoryAt(bytes: Buffer): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  throw broken();
}

function entriesOf(bytes: Buffer): ZipEntry[] {
  const end = endOfDirectoryAt(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directoryAt = bytes.readUInt32LE(end + 16);
  // A ZIP64 archive (over 65,535 parts or 4 GB) is never a school's sheet.
  if (count === 0xffff || directoryAt === ZIP64_MARK || count > MAX_ZIP_ENTRIES) throw bomb();
  const entries: ZipEntry[] = [];
  let at = directoryAt;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw broken();
    const entry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localHeaderAt: bytes.readUInt32LE(at + 42),
    };
    if (entry.size === ZIP64_MARK || entry.compressedSize === ZIP64_MARK) throw bomb();
    entries.push(entry);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function dataOf(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderAt;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw broken();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw broken();
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Refuses a zip bomb before exceljs sees it. The sizes the archive declares are summed first (a
 * cheap refusal of an honest bomb); then every part is inflated here with the output capped at
 * its declared size, so a part that lies about its size is stopped at that size instead of
 * filling the memory, and exceljs only ever inflates what has been measured.
 */
export function assertZipInflatesSafely(bytes: Buffer): void {
  const entries = entriesOf(bytes);
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > MAX_INFLATED_BYTES) throw bomb();
  for (const entry of entries) {
    const data = dataOf(bytes, entry);
    if (entry.method === STORED) {
      if (data.length !== entry.size) throw broken();
      continue;
    }
    if (entry.method !== DEFLATED) throw broken();
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if (error instanceof RangeError) throw bomb();
      throw broken();
    }
    if (inflated.length !== entry.size) throw broken();
  }
}
