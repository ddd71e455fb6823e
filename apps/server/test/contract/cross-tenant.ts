import type { TestApp } from '../helpers/test-app.ts';

/**
 * A cross-tenant replay: a resource made by tenant A, then fetched with tenant B's credentials,
 * must answer 404, never A's data. Each module adds its cases to CROSS_TENANT_CASES; the route
 * contract test runs them all.
 */
export interface CrossTenantCase {
  name: string;
  /** Creates the resource as tenant A and returns the request that reads it. */
  arrange(
    t: TestApp,
    tenantId: string,
  ): Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: unknown }>;
  /** Headers for a signed-in user of the given (other) tenant. */
  as(t: TestApp, tenantId: string): Promise<Record<string, string>>;
}

export const CROSS_TENANT_CASES: CrossTenantCase[] = [];

export function registerCrossTenantCase(c: CrossTenantCase): void {
  CROSS_TENANT_CASES.push(c);
}
