/**
 * Local sandboxes stand in for outside services (Alipay today, marketplaces next) in the demo and
 * in tests. They sign with key pairs committed to the repository, so anyone can forge what they
 * sign: a production server must never trust one (issue 17 finding 6, decision 0035).
 */

/** Every sandbox listens here only: never on a public interface. */
export const SANDBOX_HOST = '127.0.0.1';

/** Thrown at start-up when production would trust a sandbox; main.ts prints it and exits. */
export class SandboxInProductionError extends Error {
  override name = 'SandboxInProductionError';
}

/**
 * Refuses a sandbox key in production. Every integration calls it once at start-up (from its
 * configuration) with whether it would run on its sandbox or with the committed test keys.
 */
export function assertNotSandboxInProduction(
  name: string,
  isSandboxKey: boolean,
  isProduction: boolean,
  hint = '',
): void {
  if (isProduction && isSandboxKey)
    throw new SandboxInProductionError(
      `${name}: NODE_ENV=production would trust the sandbox key pair committed in the repository.` +
        (hint ? ` ${hint}` : ''),
    );
}
