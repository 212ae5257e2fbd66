export type FileKind = 'xlsx' | 'oldExcel' | 'utf16' | 'text' | 'binary';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const UTF16_LE = [0xff, 0xfe];
const UTF16_BE = [0xfe, 0xff];
const SNIFFED = 8192;

/** A control byte text never has (tab, line breaks and form feed aside). */
const isBinaryByte = (byte: number) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c;

/**
 * What the bytes are, from the bytes: a file's name can say .csv for anything. A zip is taken as
 * an .xlsx (exceljs says if it is not); an old .xls (OLE) and UTF-16 text get messages of their own.
 */
export function fileKind(bytes: Uint8Array): FileKind {
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) return 'oldExcel';
  if (startsWith(bytes, UTF16_LE) || startsWith(bytes, UTF16_BE)) return 'utf16';
  const head = bytes.subarray(0, SNIFFED);
  return head.some(isBinaryByte) ? 'binary' : 'text';
}
