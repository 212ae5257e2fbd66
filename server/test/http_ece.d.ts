// http_ece (the Web Push libraries' own RFC 8188 implementation) ships no types; the tests' push service uses decrypt only.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  };
  export default ece;
}
