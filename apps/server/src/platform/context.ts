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

/** What every request knows about itself, set by the auth guard before the handler runs. */
export interface RequestContext {
  requestId: string;
  lang: Language;
  actor: Actor | null;
  /** The sign-in (refresh-token family) the access token belongs to. */
  sessionId: string | null;
}

/**
 * The first argument of every service function (CONVENTIONS 1): tenant, actor and the
 * transaction the entry point opened. Services never open their own transactions.
 */
export interface ServiceContext {
  tenantId: string;
  actor: Actor;
  tx: Executor;
}
