/**
 * An id for something made on this phone that the server keeps (a roll call or an evacuation
 * started off line): of the server's kind, 12 bytes with the time first, so the write that carries
 * it is the same write however often it is sent.
 */
export function newServerId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const rest = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return seconds + rest;
}
