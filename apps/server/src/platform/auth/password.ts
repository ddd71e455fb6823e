import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. The parameters are stored
// in each hash, so raising them later keeps old hashes verifiable.
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (PHC string format). */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), OPTIONS);
}

/** Checks a password against a stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
