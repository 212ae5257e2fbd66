import { Signer, type UnsignResult } from '@fastify/cookie';

const REMEMBERED = 20_000;

/**
 * The session cookie's signer (@fastify/cookie's, the same HMAC), remembering what it worked out:
 * each request carries the same signed id as the one before, whose signature would otherwise be
 * worked out again on every one of them. The answer for an input never changes, so the
 * remembered one is the answer; at most REMEMBERED of each are kept, the oldest dropped first.
 */
export class RememberingSigner implements Pick<Signer, 'sign' | 'unsign'> {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly unsigned = new Map<string, UnsignResult>();

  constructor(secret: string) {
    this.signer = new Signer(secret, 'sha256');
  }

  sign(value: string): string {
    return remembered(this.signed, value, () => this.signer.sign(value));
  }

  unsign(signedValue: string): UnsignResult {
    return remembered(this.unsigned, signedValue, () => Object.freeze(this.signer.unsign(signedValue)));
  }
}

function remembered<T>(memory: Map<string, T>, key: string, work: () => T): T {
  const known = memory.get(key);
  if (known !== undefined) return known;
  const value = work();
  if (memory.size >= REMEMBERED) memory.delete(memory.keys().next().value!);
  memory.set(key, value);
  return value;
}
