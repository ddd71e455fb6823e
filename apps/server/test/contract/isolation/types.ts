import type { TestApp } from '../../helpers/test-app.ts';
import type { World } from './world.ts';

/**
 * Who replays an operation against merchant A's objects (issue 16). A is the primary account of
 * merchant MA of supplier (tenant) T1.
 */
export const WHO = {
  /** (a) The primary account of a merchant of another tenant (T2). */
  otherTenantMerchant: 'a: merchant of another tenant',
  /** (b) The primary account of another merchant (MB) of the same supplier T1. */
  sameSupplierMerchant: 'b: another merchant of the same supplier',
  /** (c) A staff user of MA whose only role grants no menu at all. */
  staffWithoutPermission: "c: A's staff without the permission",
  /** (d) A staff user of MA whose role grants every merchant permission, data scope 'self', no department. */
  staffOutsideScope: "d: A's staff outside the data scope",
  /** (e) The supplier administrator of another tenant (T2). */
  otherTenantSupplier: "e: another tenant's supplier admin",
  /** (f) No token at all. */
  anonymous: 'f: no token',
  /** The supplier administrator of T1 (A's own supplier): refused A's own organisation only. */
  supplier: "T1's supplier admin",
  /** Merchant A itself: refused the supplier's own organisation (supplier-level roles, departments). */
  merchantA: 'merchant A',
  /** The platform's primary administrator: owner of platform objects. */
  platform: 'platform admin',
} as const;
export type Who = keyof typeof WHO;

/** The six identities of the brief, in order. */
export const STRANGERS: Who[] = [
  'otherTenantMerchant',
  'sameSupplierMerchant',
  'staffWithoutPermission',
  'staffOutsideScope',
  'otherTenantSupplier',
  'anonymous',
];

/**
 * Merchant-wide rows (wallet, cart, addresses, orders, designs, jobs, uploads, logs…) have no
 * department or creator data scope: every staff user of the merchant holding the permission sees
 * them all, so (d) "A's staff outside the data scope" is meaningless for them and is left out.
 * (d) applies to the data-scoped resources only: staff accounts, materials, material categories
 * and product templates (their CRUD definitions name createdBy/departmentId columns).
 */
export const MERCHANT_WIDE: Who[] = STRANGERS.filter((w) => w !== 'staffOutsideScope');

/** What one request sends, besides method, path template and headers. */
export interface Req {
  /** Path parameters; `id` defaults to the object's id. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (uploads). */
  multipart?: { payload: Buffer; headers: Record<string, string> };
}

export interface Ctx {
  w: World;
  t: TestApp;
  /** Who sends this request. */
  who: Who;
}

/** The object a fixture made: its id, and the strings that betray it in an answer. */
export interface Made {
  id: string;
  /** Ids and unique markers of the object (its id is added automatically). */
  secrets?: string[];
  [key: string]: unknown;
}

/**
 * One operation replayed against one object.
 * - `object`: the answer must be a refusal (401 without a token, else 401/403/404) naming nothing of
 *   the object, and the object must not change.
 * - `filter`: a list or look-up whose query names the object (e.g. `?parent_id=`); 200 is a fine
 *   answer as long as nothing of the object appears in it.
 */
export interface Probe<T extends Made = Made> {
  op: string;
  /** Tells two probes of one operation apart in test names. */
  label?: string;
  kind?: 'object' | 'filter';
  request(o: T, ctx: Ctx): Req | Promise<Req>;
  /** Who must be refused (default: the fixture's). */
  refused?: Who[];
  /**
   * Who sends the same request as a control that must succeed (2xx), proving the refusals are
   * about ownership, not a malformed request. Default: the fixture's owner; null: no control
   * (the request only makes sense for a stranger, e.g. it names the stranger's own object).
   */
  control?: Who | null;
  /** More checks of a stranger's answer (e.g. what the job it started produced). */
  check?(answer: { status: number; body: string }, ctx: Ctx): Promise<void>;
}

/** What fixtures build and read with. */
export interface MakeCtx {
  w: World;
  t: TestApp;
}

export interface Fixture<T extends Made = Made> {
  name: string;
  /** Who makes the object (and, by default, sends the controls). */
  owner: Who;
  /** Who must be refused every operation on it (probes may narrow this). */
  refused: Who[];
  /** Who must not find it in any list (default: `refused`). */
  hiddenFrom?: Who[];
  create(ctx: MakeCtx): Promise<T>;
  /** Everything a write could change: the row, and rows pointing at it. Compared before/after. */
  snapshot(o: T, ctx: MakeCtx): Promise<unknown>;
  probes: Array<Probe<T>>;
  /** Background jobs may touch the object: wait for the queue to be idle before each snapshot. */
  settleJobs?: boolean;
}

/** Type helper: a fixture's probes see the object type its create returns. */
export function fixture<T extends Made>(f: Fixture<T>): Fixture {
  return f;
}
