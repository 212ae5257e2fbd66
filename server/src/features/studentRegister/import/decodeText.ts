const UTF8_BOM = [0xef, 0xbb, 0xbf];

const hasUtf8Bom = (bytes: Uint8Array) => UTF8_BOM.every((byte, i) => bytes[i] === byte);

/**
 * A CSV's text: UTF-8 (with or without a BOM) when the bytes are valid UTF-8, else Windows-1252,
 * what Excel in a Norwegian locale writes as 'CSV (semikolondelt)'. A 1252 file with æ, ø or å is
 * never valid UTF-8 (those bytes alone are not UTF-8 sequences), so the test cannot mistake one.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const body = hasUtf8Bom(bytes) ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
