import type { ADMIN_TIERS, Language } from '@pod/shared';
import type { Executor } from '../db/client.ts';
import { AppError } from './http/errors.ts';

/** The admin tiers of spec §6 (the access module's `admin_users.tier`). */
export type AdminTier = (typeof ADMIN_TIERS)[number];

/** Who is calling. Admin users carry their tier and organisation; members are member-centre users. */
export type Actor =
  | {
      kind: 'admin';
      id: string;
      tier: AdminTier;
      tenantId: string | null;
      merchantId: string | null;
      /** A factory user's own factory (spec §6); null for every other tier. */
      factoryId: string | null;
      isPrimary: boolean;
    }
  | { kind: 'member'; id: string; tenantId: string };

export type AdminActor = Extract<Actor, { kind: 'admin' }>;
/** A member-centre user (spec §2 member area): a tenant's customer, not an admin of any tier. */
export type MemberActor = Extract<Actor, { kind: 'member' }>;

/** What every request knows about itself, set by the auth guard before the handler runs. */
export interface RequestContext {
  requestId: string;
  lang: Language;
  actor: Actor | null;
  /** The sign-in (refresh-token family) the access token belongs to. */
  sessionId: string | null;
}

/**
 * Which rows of a tenant an admin may see (spec §6 data scope), on top of ownership:
 * everything, or the rows of some departments and/or the rows they created themselves.
 */
export type DataScope =
  { kind: 'all' } | { kind: 'limited'; userId: string; departmentIds: string[]; includeOwn: boolean };

/** The tiers of spec §6, plus the member centre's users. */
export type Tier = AdminTier | 'member';

/**
 * What a caller's rows are (decision 0026): the tier and the organisation it acts for. The
 * organisation is the platform (no tenant), a supplier (tenant), one of its merchants (tenant and
 * merchant) or one of its factories (tenant and factory). Ownership filters derive from this alone.
 */
export interface Scope {
  tier: Tier;
  tenantId: string | null;
  /** The merchant a merchant-tier account belongs to; null for every other tier. */
  merchantId: string | null;
  /** The factory a factory-tier account belongs to; null for every other tier. */
  factoryId: string | null;
  /**
   * spec §6 factory permissions: the factories the caller may act for, or 'all' (primary accounts,
   * and staff given no factory in particular). A factory user acts for its own factory only.
   */
  factoryIds: readonly string[] | 'all';
}

/** Work the platform does on its own (a payment notification, a timeout sweep, the demo seed). */
export interface SystemActor {
  kind: 'system';
  id: null;
  /** What is acting, for logs (e.g. `alipay-notify`). */
  name: string;
}

/**
 * The one context every service function takes first (CONVENTIONS 1, decision 0026): the scope,
 * the actor, what it may do (permissions, data scope), the caller's language and the transaction
 * the entry point opened. Entry points (routes, jobs, workflows) build it; services never see
 * Fastify and never open their own transactions.
 */
export interface ServiceContext<A extends AdminActor | SystemActor | MemberActor = AdminActor> {
  scope: Scope;
  actor: A;
  /** The permissions the actor holds (for masking and finer checks inside a route). */
  permissions: ReadonlySet<string>;
  dataScope: DataScope;
  lang: Language;
  tx: Executor;
}

/** The scope of an admin actor (factory permissions default to its own factory or 'all'). */
export function scopeOf(actor: AdminActor, factoryIds?: readonly string[] | 'all'): Scope {
  // A merchant or factory account without its organisation would fall back to the supplier's rows.
  if ((actor.tier === 'merchant' && !actor.merchantId) || (actor.tier === 'factory' && !actor.factoryId))
    throw AppError.forbidden();
  if (actor.tier !== 'platform' && !actor.tenantId) throw AppError.forbidden();
  return {
    tier: actor.tier,
    tenantId: actor.tenantId,
    merchantId: actor.tier === 'merchant' ? actor.merchantId : null,
    factoryId: actor.tier === 'factory' ? actor.factoryId : null,
    factoryIds: actor.tier === 'factory' ? (actor.factoryId ? [actor.factoryId] : []) : (factoryIds ?? 'all'),
  };
}

/** The scope of a member-centre user: its tenant, no organisation, no factory. */
export function memberScopeOf(actor: MemberActor): Scope {
  return { tier: 'member', tenantId: actor.tenantId, merchantId: null, factoryId: null, factoryIds: [] };
}

/** The same context over another executor (a transaction opened inside the entry point). */
export function withTx(ctx: ServiceContext, tx: Executor): ServiceContext {
  return { ...ctx, tx };
}

/** A context a service may be handed by a user's request or by the platform itself. */
export type AnyContext = ServiceContext<AdminActor | SystemActor>;

/** An organisation: the platform (no tenant), a supplier, or one of its merchants or factories. */
export interface Organisation {
  tenantId: string | null;
  merchantId?: string | null;
  factoryId?: string | null;
}

/** The scope of an organisation as a whole (its tier follows from which ids it has). */
export function organisationScope(organisation: Organisation): Scope {
  const merchantId = organisation.merchantId ?? null;
  const factoryId = organisation.factoryId ?? null;
  const tier: Tier = merchantId
    ? 'merchant'
    : factoryId
      ? 'factory'
      : organisation.tenantId
        ? 'supplier'
        : 'platform';
  return {
    tier,
    tenantId: organisation.tenantId,
    merchantId,
    factoryId,
    factoryIds: factoryId ? [factoryId] : 'all',
  };
}

/**
 * The context of work the platform does on an organisation's behalf, outside any request: it
 * holds no permission and sees every row of the organisation's scope.
 */
export function systemContext(
  tx: Executor,
  organisation: Organisation,
  name: string,
  lang: Language = 'zh-cn',
): ServiceContext<SystemActor> {
  return {
    scope: organisationScope(organisation),
    actor: { kind: 'system', id: null, name },
    permissions: new Set(),
    dataScope: { kind: 'all' },
    lang,
    tx,
  };
}
