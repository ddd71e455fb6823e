import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. The parameters are stored
// in each hash, so raising them later keeps old hashes verifiable.
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const PRODUCTION: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/**
 * Under NODE_ENV=test only (the test suites and the browser suite's server, which also expose test
 * hooks and so never face the internet), the cheapest argon2id there is: a test creates dozens of
 * accounts, and each production-strength hash costs 19 MiB and tens of milliseconds (decision 0036).
 * Hashes record their parameters, so either kind verifies anywhere.
 */
const TEST: Options = { algorithm: ARGON2ID, memoryCost: 256, timeCost: 1, parallelism: 1 };

/** The argon2id parameters for a NODE_ENV: OWASP's minimum everywhere but under `test`. */
export const hashOptionsFor = (nodeEnv: string | undefined): Options =>
  nodeEnv === 'test' ? TEST : PRODUCTION;
const OPTIONS = hashOptionsFor(process.env.NODE_ENV);

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
