/**
 * Content-Disposition for a download named in Norwegian: an ASCII fallback for old clients and
 * the real name as RFC 5987 UTF-8 (every browser in use reads filename*).
 */
export function attachment(fileName: string): string {
  const clean = fileName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const ascii = clean
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'Ae')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/å/g, 'a')
    .replace(/Å/g, 'A')
    .replace(/[\p{Pd}\u2212]/gu, '-')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[%;]/g, '_')
    .replace(/ {2,}/g, ' ')
    .trim();
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
