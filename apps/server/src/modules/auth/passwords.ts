/** Password hashing: argon2id at 19 MiB and 2 iterations (docs/product/accounts.md#passwords; OWASP's minimum). */
import argon2 from 'argon2';

const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-account-has-this-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
