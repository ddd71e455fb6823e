import { adminOperations } from '@pod/shared';
import { and, gte, sql } from 'drizzle-orm';
import { adminLogs } from './schema.ts';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { countAccess, findAdminUserById } from '../access/index.ts';
import { countMembers } from '../member/index.ts';
import { countMerchants } from '../tenancy/index.ts';
import { scopeOf } from '../../platform/context.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { LOG_OWNER } from './audit.ts';
import { adminContext } from '../access/index.ts';
import { dashboardOverview } from './dashboard-figures.ts';

/** The dashboard's real counts for the caller's organisation (no fake charts). */
export function dashboardRoutes(app: ZodApp, { database, extensions, modules }: AppServices): void {
  const db = database.db;
  // The tier's home figures (issue 26, decision 0072): each module's own, of the caller's scope.
  route(app, adminOperations.dashboardOverview, async (request) => {
    const ctx = await adminContext(request, db);
    return ok(await dashboardOverview(ctx, extensions, modules));
  });

  route(app, adminOperations.dashboard, async (request) => {
    const actor = request.ctx.actor;
    if (actor?.kind !== 'admin') throw new Error('admin route without an admin');
    const tenantId = actor.tenantId;
    // Counts of the caller's own organisation: a merchant's or factory's, not the supplier's.
    const scope = scopeOf(actor);
    // Suppliers and the platform run merchants and members; merchants and factories do not.
    const seesCustomers = actor.tier === 'platform' || actor.tier === 'supplier';
    const startOfDay = new Date();
    startOfDay.setHours(0, 0, 0, 0);
    const [access, merchants, members, writes, me] = await Promise.all([
      countAccess(db, scope, actor.tier),
      seesCustomers ? countMerchants(db, tenantId) : Promise.resolve(null),
      seesCustomers ? countMembers(db, tenantId) : Promise.resolve(null),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(adminLogs)
        .where(and(...ownedBy(LOG_OWNER, scope), gte(adminLogs.createdAt, startOfDay))),
      findAdminUserById(db, actor.id),
    ]);
    return ok({
      counts: { ...access, merchants, members, writes_today: writes[0]?.n ?? 0 },
      // "Last login" is the sign-in before the current one (issue 27).
      lastLoginTime: me?.previousLoginAt?.toISOString() ?? null,
      lastLoginIp: me?.previousLoginIp ?? null,
    });
  });
}
