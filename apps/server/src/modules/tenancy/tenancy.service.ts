import type { Executor } from '../../db/client.ts';
import * as repo from './tenancy.repo.ts';

export interface NewTenant {
  name: string;
  shortName?: string;
  domain?: string | null;
  isDefault?: boolean;
}

/** Normalises a Host header to the form tenants.domain stores: lower-case, no port. */
export function normaliseDomain(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Creates a supplier tenant. The full supplier record (levels, fees) arrives with tenancy. */
export function createTenant(tx: Executor, input: NewTenant) {
  return repo.insertTenant(tx, {
    name: input.name,
    shortName: input.shortName ?? '',
    domain: input.domain ? normaliseDomain(input.domain) : null,
    isDefault: input.isDefault ?? false,
  });
}

/** The tenant a request's host names, if any (spec: a domain resolves to its tenant). */
export function tenantForHost(tx: Executor, host: string | undefined) {
  if (!host) return Promise.resolve(undefined);
  return repo.findTenantByDomain(tx, normaliseDomain(host));
}

/**
 * The tenant a request belongs to when it carries no token: its host's supplier, or else the
 * platform's default tenant.
 */
export function tenantForRequest(tx: Executor, host: string | undefined) {
  return repo.findTenantForDomain(tx, host ? normaliseDomain(host) : null);
}

export const findMerchant = repo.findMerchant;
export const findMerchantByNumber = repo.findMerchantByNumber;

export function findTenantByName(tx: Executor, name: string) {
  return repo.findTenantByName(tx, name);
}

export function createMerchant(
  ctx: { tenantId: string; tx: Executor },
  input: { name: string; number: string },
) {
  return repo.insertMerchant(ctx.tx, { tenantId: ctx.tenantId, name: input.name, number: input.number });
}

/**
 * The captcha a host's sign-in uses (spec §3 verify_mode, verify_count): off when the server
 * runs with CAPTCHA=off or the host's supplier turned it off; otherwise how many characters.
 */
export async function captchaPolicy(tx: Executor, host: string | undefined, enabled: boolean) {
  const tenant = await tenantForHost(tx, host);
  return { enabled: enabled && tenant?.verifyMode !== 'off', length: tenant?.verifyCount ?? 3 };
}
