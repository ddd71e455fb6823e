import type { Language } from '@pod/shared';
import type { AdminTier } from '../db/schema/index.ts';
import type { Executor } from '../db/client.ts';

/** Who is calling. Admin users carry their tier; members are member-centre users. */
export type Actor =
  | {
      kind: 'admin';
      id: string;
      tier: AdminTier;
      tenantId: string | null;
      merchantId: string | null;
      isPrimary: boolean;
    }
  | { kind: 'member'; id: string; tenantId: string };

export type AdminActor = Extract<Actor, { kind: 'admin' }>;

/** What every request knows about itself, set by the auth guard before the handler runs. */
export interface RequestContext {
  requestId: string;
  lang: Language;
  actor: Actor | null;
  /** The sign-in (refresh-token family) the access token belongs to. */
  sessionId: string | null;
}

/**
 * Which rows of a tenant an admin may see (spec §6 data scope), on top of tenant isolation:
 * everything, or the rows of some departments and/or the rows they created themselves.
 */
export type DataScope =
  { kind: 'all' } | { kind: 'limited'; userId: string; departmentIds: string[]; includeOwn: boolean };

/**
 * The first argument of every service function (CONVENTIONS 1): tenant (null for the platform's
 * own rows), actor, data scope and the transaction the entry point opened. Services never open
 * their own transactions.
 */
export interface ServiceContext {
  tenantId: string | null;
  actor: AdminActor;
  scope: DataScope;
  /** The permissions the actor holds (for masking and finer checks inside a route). */
  permissions: ReadonlySet<string>;
  tx: Executor;
}
