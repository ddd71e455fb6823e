import { and, eq, ne, isNull } from 'drizzle-orm';
import type { supplierCreateSchema } from '@pod/shared';
import { tenancyOperations } from '@pod/shared';
import type { z } from 'zod';
import { levels, tenants } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { createAdminUser, findAdminUserByUsername } from '../access/index.ts';

type TenantRow = typeof tenants.$inferSelect;
type Input = Partial<z.infer<typeof supplierCreateSchema>>;

const RENAMES: Record<string, keyof TenantRow> = {
  short_name: 'shortName',
  level_id: 'levelId',
  level_start: 'levelStart',
  level_end: 'levelEnd',
  settled_fee: 'settledFee',
  settled_mode: 'settledMode',
  admin_domain: 'adminDomain',
  factory_domain: 'factoryDomain',
  icp_domain: 'icpDomain',
  icp_number: 'icpNumber',
  verify_mode: 'verifyMode',
  verify_count: 'verifyCount',
  service_charge_mode: 'serviceChargeMode',
  service_charge_fee: 'serviceChargeFee',
};

async function checkLevelAndDomain(ctx: ServiceContext, input: Input, selfId?: string) {
  if (input.level_id) {
    const [level] = await ctx.tx
      .select({ id: levels.id })
      .from(levels)
      .where(and(eq(levels.id, input.level_id), eq(levels.kind, 'supplier'), isNull(levels.tenantId)));
    if (!level) throw AppError.notFound('crud.notFound');
  }
  if (input.level_start && input.level_end && input.level_start > input.level_end) {
    throw AppError.badRequest('tenancy.levelDates', {}, { field: 'level_end' });
  }
  if (input.domain) {
    const [taken] = await ctx.tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.domain, input.domain), ...(selfId ? [ne(tenants.id, selfId)] : [])));
    if (taken) throw AppError.conflict('tenancy.domainTaken', {}, { field: 'domain' });
  }
}

/**
 * Suppliers (tenants), for platform administrators. Creating one creates its tenant and its
 * administrator in the same transaction. SSL material is sealed and never returned.
 */
export function supplierResource(box: SecretBox): CrudDefinition<typeof tenancyOperations.supplier> {
  const values = (input: Input): Partial<TenantRow> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined || key === 'admin_username' || key === 'admin_password') continue;
      if (key === 'ssl_cert') {
        if (value) out.sslCert = box.seal(String(value));
      } else if (key === 'ssl_key') {
        if (value) out.sslKeyEncrypted = box.seal(String(value));
      } else if (key === 'domain') {
        out.domain = value === '' ? null : value;
      } else {
        out[RENAMES[key] ?? key] = value;
      }
    }
    return out;
  };
  return {
    operations: tenancyOperations.supplier,
    table: tenants,
    owner: { level: 'platform' },
    columns: { id: tenants.id },
    toItem: (r) => {
      const t = r as TenantRow;
      return {
        id: t.id,
        name: t.name,
        short_name: t.shortName,
        level_id: t.levelId,
        level_start: t.levelStart,
        level_end: t.levelEnd,
        settled_fee: t.settledFee,
        settled_mode: t.settledMode,
        domain: t.domain ?? '',
        logo: t.logo,
        admin_domain: t.adminDomain,
        factory_domain: t.factoryDomain,
        icp_domain: t.icpDomain,
        icp_number: t.icpNumber,
        ssl_cert_set: t.sslCert !== '',
        ssl_key_set: t.sslKeyEncrypted !== '',
        verify_mode: t.verifyMode,
        verify_count: t.verifyCount,
        service_charge_mode: t.serviceChargeMode,
        service_charge_fee: t.serviceChargeFee,
        status: t.status,
        created_at: t.createdAt.toISOString(),
      };
    },
    async toInsert(ctx, input) {
      await checkLevelAndDomain(ctx, input);
      return values(input);
    },
    async toUpdate(ctx, input, existing) {
      await checkLevelAndDomain(ctx, input, String(existing.id));
      return values(input);
    },
    // The administrator is created in the same transaction: if it fails, so does the tenant.
    async afterWrite(ctx, row, input) {
      const i = input as Input;
      if (!i.admin_username || !i.admin_password) return;
      // Checked here, after the tenant row exists: a refusal rolls the tenant back too.
      if (await findAdminUserByUsername(ctx.tx, i.admin_username)) {
        throw AppError.conflict('auth.usernameTaken', {}, { field: 'admin_username' });
      }
      await createAdminUser(ctx.tx, {
        tier: 'supplier',
        tenantId: String(row.id),
        isPrimary: true,
        username: i.admin_username,
        password: i.admin_password,
        createdBy: ctx.actor.id,
      });
    },
    filters: {
      status: { column: tenants.status, op: 'eq' },
      level_id: { column: tenants.levelId, op: 'eq' },
    },
    quickSearch: [tenants.name, tenants.shortName, tenants.domain],
    orderable: { name: tenants.name, created_at: tenants.createdAt },
    defaultOrder: [[tenants.createdAt, 'desc']],
    selectLabel: tenants.name,
  };
}
