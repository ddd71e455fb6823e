import type { z } from 'zod';
import {
  ADDRESS_LIMITS,
  addressIssues,
  type addressCreateSchema,
  type addressUpdateSchema,
  type ConsigneeAddress,
} from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { merchantScopeOf } from '../../platform/tenant-scope.ts';
import { isCountryCode } from '../logistics/index.ts';
import * as repo from './address.repo.ts';

type CreateInput = z.output<typeof addressCreateSchema>;
type UpdateInput = z.output<typeof addressUpdateSchema>;

export const addressScope = (ctx: Pick<ServiceContext, 'scope' | 'actor'>) =>
  merchantScopeOf(ctx, 'address.merchantOnly');

export function toAddress(row: repo.AddressRow): ConsigneeAddress {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    mobile_phone: row.mobilePhone,
    country: row.country,
    province: row.province,
    city: row.city,
    area: row.area,
    street: row.street,
    postcode: row.postcode,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toValues = (a: CreateInput): repo.AddressValues => ({
  firstName: a.first_name,
  lastName: a.last_name,
  mobilePhone: a.mobile_phone,
  country: a.country,
  province: a.province,
  city: a.city,
  area: a.area,
  street: a.street,
  postcode: a.postcode,
  isDefault: a.is_default,
});

/** An address's own fields, for merging a PATCH into. */
function fromRow(row: repo.AddressRow): CreateInput {
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = toAddress(row);
  return fields;
}

/** spec §5 "enter a real address": a known country and the country's phone/postcode rules. */
function assertReal(a: CreateInput): void {
  if (!isCountryCode(a.country))
    throw AppError.field('country', 'validation.invalid', { field: { t: 'fields.country' } });
  const [issue] = addressIssues(a);
  if (issue)
    throw AppError.field(issue.field, `validation.${issue.rule}`, { field: { t: `fields.${issue.field}` } });
}

export async function createAddress(ctx: ServiceContext, input: CreateInput): Promise<repo.AddressRow> {
  const scope = addressScope(ctx);
  assertReal(input);
  const count = await repo.countAddresses(ctx.tx, scope);
  if (count >= ADDRESS_LIMITS.perMerchant)
    throw AppError.conflict('address.full', { max: ADDRESS_LIMITS.perMerchant });
  // The first address becomes the default.
  const isDefault = input.is_default || count === 0;
  if (isDefault) await repo.clearDefault(ctx.tx, scope, null);
  return repo.insertAddress(ctx.tx, scope, { ...toValues(input), isDefault }, ctx.actor.id);
}

export async function updateAddress(
  ctx: ServiceContext,
  id: string,
  patch: UpdateInput,
): Promise<repo.AddressRow> {
  const scope = addressScope(ctx);
  const [row] = await repo.findAddresses(ctx.tx, scope, [id]);
  if (!row) throw AppError.notFound('address.notFound');
  const defined: Partial<CreateInput> = Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  );
  const merged: CreateInput = { ...fromRow(row), ...defined };
  assertReal(merged);
  if (merged.is_default) await repo.clearDefault(ctx.tx, scope, id);
  return (await repo.updateAddress(ctx.tx, scope, id, toValues(merged)))!;
}

export async function deleteAddress(ctx: ServiceContext, id: string): Promise<void> {
  const scope = addressScope(ctx);
  if (!(await repo.deleteAddress(ctx.tx, scope, id))) throw AppError.notFound('address.notFound');
}

/** The merchant's addresses among `ids` (404 when one is not theirs), for settlement. */
export async function addressesForCheckout(
  ctx: Pick<ServiceContext, 'scope' | 'actor' | 'tx'>,
  ids: string[],
) {
  const scope = addressScope(ctx);
  const unique = [...new Set(ids)];
  const rows = await repo.findAddresses(ctx.tx, scope, unique);
  if (rows.length !== unique.length) throw AppError.notFound('address.notFound');
  return unique.map((id) => rows.find((r) => r.id === id)!);
}
