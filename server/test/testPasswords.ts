import argon2 from 'argon2';

/**
 * The fixture users' password hash, made at a test cost: the suite signs in thousands of times, and
 * verifying follows the cost written in the hash. Where the hash is under test (registration,
 * password change, sign-in timing), the app makes its own at OWASP's cost (core/accounts/passwords.ts).
 */
export function testPasswordHash(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
}
