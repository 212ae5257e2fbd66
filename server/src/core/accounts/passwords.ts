import argon2 from 'argon2';

// OWASP's recommended argon2id setting: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies against the hash, or against a dummy when there is no user, so timing does not reveal which. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  const target = hash ?? (await dummyHash);
  const ok = await argon2.verify(target, password).catch(() => false);
  return !!hash && ok;
}
