import { Signer, type UnsignResult } from '@fastify/cookie';

/** A signed session id is about 76 characters; nothing much longer is worth remembering. */
const LONGEST_REMEMBERED = 200;
/** What the memory may hold, counted as the characters of each input and answer plus a map entry's upkeep. */
const REMEMBERED_BYTES = 4 * 1024 * 1024;
const ENTRY_BYTES = 100;

/**
 * The session cookie's signer (@fastify/cookie's, the same HMAC), remembering what it worked out:
 * each request carries the same signed id as the one before, and @fastify/session verifies it and
 * signs the id again on every one of them. The answer for an input never changes, so the
 * remembered one is the answer.
 *
 * Only what the server itself signed is remembered (a valid cookie of sane length), so a stranger
 * cannot fill the memory with cookies of their own making: a refused or oversized cookie is worked
 * out each time. A valid cookie also tells what signing its value gives, so a fresh id that is
 * signed once and never comes back (a visitor's unsaved session) is not kept either. The oldest go
 * first once REMEMBERED_BYTES are held.
 */
export class RememberingSigner implements Pick<Signer, 'sign' | 'unsign'> {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly unsigned = new Map<string, UnsignResult>();
  private bytes = 0;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'sha256');
  }

  /** What the memory holds now, in the bytes it counts (for the tests). */
  get rememberedBytes(): number {
    return this.bytes;
  }

  sign(value: string): string {
    return this.signed.get(value) ?? this.signer.sign(value);
  }

  unsign(signedValue: string): UnsignResult {
    const known = this.unsigned.get(signedValue);
    if (known) return known;
    const result = Object.freeze(this.signer.unsign(signedValue));
    if (result.valid && !result.renew && result.value !== null && signedValue.length <= LONGEST_REMEMBERED)
      this.remember(signedValue, result);
    return result;
  }

  private remember(signedValue: string, result: UnsignResult): void {
    const value = result.value!;
    this.bytes += entryBytes(signedValue, value);
    this.unsigned.set(signedValue, result);
    this.signed.set(value, signedValue);
    while (this.bytes > REMEMBERED_BYTES) {
      const [oldest, old] = this.unsigned.entries().next().value!;
      this.unsigned.delete(oldest);
      this.signed.delete(old.value!);
      this.bytes -= entryBytes(oldest, old.value!);
    }
  }
}

/** Both maps' entries for one cookie: the signed value and its value, once as key and once as answer. */
const entryBytes = (signedValue: string, value: string) => 2 * (signedValue.length + value.length + ENTRY_BYTES);
