import { AppError } from '../http/errors.ts';

/**
 * What wrong passwords are counted against: the account as tried from one client address. A
 * stranger who keeps guessing locks only their own address out, never the owner (issue 17
 * finding 4); the per-IP login limit still bounds how many guesses one address makes. The address
 * is the socket's, or the one a trusted proxy reports (TRUST_PROXY), so it cannot be forged.
 */
export const failureSubject = (account: string, ip: string): string => `${account}@${ip}`;

/** Locked after too many wrong passwords: 400 like every failed login (decision 0010), with the wait. */
export function accountLocked(retryAfterSeconds: number): AppError {
  return new AppError(400, 'auth.accountTemporarilyLocked', {
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    seconds: retryAfterSeconds,
  });
}
