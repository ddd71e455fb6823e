import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SHIPPING_LIMITS } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { factories, shippingMethods, shippingRates } from './schema.ts';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type ShippingRateRow = typeof shippingRates.$inferSelect;
export type NewShippingMethod = Omit<typeof shippingMethods.$inferInsert, 'id' | 'tenantId'>;
export type NewShippingRate = Omit<typeof shippingRates.$inferInsert, 'id' | 'tenantId'>;

/**
 * The factory a parcel ships from, with its name, in one prepared statement (decision 0084):
 * `factoryId` when it is the tenant's and enabled, else the main factory, else the oldest enabled
 * one, else none.
 */
export async function shipFromFactoryRow(tx: Executor, tenantId: string, factoryId: string | null) {
  const [row] = await preparedQuery(tx, 'logistics_ship_from_factory', (t) =>
    t
      .select({ id: factories.id, name: factories.name })
      .from(factories)
      .where(and(eq(factories.tenantId, sql.placeholder('tenant')), eq(factories.status, 'enabled')))
      .orderBy(
        sql`${factories.id} = ${sql.placeholder('factory')}::uuid DESC NULLS LAST`,
        desc(factories.isMain),
        asc(factories.createdAt),
        asc(factories.id),
      )
      .limit(1),
  ).execute({ tenant: tenantId, factory: factoryId });
  return row ?? null;
}

/** The factory of the tenant with this id, when it is enabled. */
export async function findEnabledFactory(tx: Executor, tenantId: string, factoryId: string) {
  const [row] = await tx
    .select({ id: factories.id })
    .from(factories)
    .where(
      and(eq(factories.tenantId, tenantId), eq(factories.id, factoryId), eq(factories.status, 'enabled')),
    );
  return row ?? null;
}

/** The tenant's enabled factories, main first, then oldest first. */
export async function firstEnabledFactory(tx: Executor, tenantId: string) {
  const [row] = await tx
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.tenantId, tenantId), eq(factories.status, 'enabled')))
    .orderBy(desc(factories.isMain), asc(factories.createdAt), asc(factories.id))
    .limit(1);
  return row ?? null;
}

/** What a rate must be to serve a parcel (placeholders or the enclosing statement's columns). */
interface ServingRate {
  tenantId: SQLWrapper;
  factoryId: SQLWrapper;
  country: SQLWrapper;
}

/**
 * An enabled rate from the factory, of an enabled method of the tenant delivering to the country:
 * the conditions listEnabledRates lists by and chosenRateServes checks, so the two cannot drift.
 */
function servingRateConditions(p: ServingRate): SQL {
  return and(
    eq(shippingRates.tenantId, p.tenantId),
    eq(shippingMethods.tenantId, p.tenantId),
    eq(shippingRates.factoryId, p.factoryId),
    eq(shippingRates.status, 'enabled'),
    eq(shippingMethods.status, 'enabled'),
    sql`${p.country}::text = ANY(${shippingMethods.destinationCountries})`,
  )!;
}

/**
 * The enabled methods delivering to the country with an enabled rate from the factory: one row
 * per method, with its rate. (Max weight is the caller's rule, with the fee.)
 */
export async function listEnabledRates(
  tx: Executor,
  tenantId: string,
  filter: { factoryId: string; country: string; methodId?: string },
) {
  // Settlement lists all methods; a refused payment re-quotes one to say why: one prepared
  // statement for both, the method filter being null for "any".
  return preparedQuery(tx, 'shipping_enabled_rates', (t) =>
    t
      .select({
        method: {
          id: shippingMethods.id,
          carrier: shippingMethods.carrier,
          name: shippingMethods.name,
          code: shippingMethods.code,
          deliveryDaysMin: shippingMethods.deliveryDaysMin,
          deliveryDaysMax: shippingMethods.deliveryDaysMax,
          sort: shippingMethods.sort,
        },
        rate: {
          id: shippingRates.id,
          version: shippingRates.version,
          currency: shippingRates.currency,
          firstWeightG: shippingRates.firstWeightG,
          firstPrice: shippingRates.firstPrice,
          additionalWeightG: shippingRates.additionalWeightG,
          additionalPrice: shippingRates.additionalPrice,
          maxWeightG: shippingRates.maxWeightG,
        },
      })
      .from(shippingRates)
      .innerJoin(shippingMethods, eq(shippingMethods.id, shippingRates.methodId))
      .where(
        and(
          servingRateConditions({
            tenantId: sql.placeholder('tenantId'),
            factoryId: sql.placeholder('factoryId'),
            country: sql.placeholder('country'),
          }),
          sql`(${sql.placeholder('methodId')}::uuid IS NULL OR ${shippingMethods.id} = ${sql.placeholder('methodId')}::uuid)`,
        ),
      ),
  ).execute({
    tenantId,
    factoryId: filter.factoryId,
    country: filter.country,
    methodId: filter.methodId ?? null,
  });
}

/**
 * Where chosenRateServes reads a parcel and the option chosen for it: SQL expressions, e.g. the
 * columns of the row the enclosing statement locks.
 */
export interface ChosenParcelSql {
  tenantId: SQLWrapper;
  factoryId: SQLWrapper;
  country: SQLWrapper;
  weightGrams: SQLWrapper;
  methodId: SQLWrapper;
  rateId: SQLWrapper;
  rateVersion: SQLWrapper;
  currency: SQLWrapper;
}

/**
 * A condition (for another statement's WHERE) that holds while the chosen rate still serves the
 * parcel exactly as quoted: the same method and rate at the same version (any change of price,
 * currency, max weight or status bumps it), still enabled and serving the factory and country,
 * and taking the weight, which must be a parcel weight (isParcelWeight). The fee is a function
 * of the rate's version and the weight, so it is unchanged too.
 */
export function chosenRateServes(p: ChosenParcelSql): SQL {
  return sql`EXISTS (SELECT 1 FROM ${shippingRates} INNER JOIN ${shippingMethods} ON ${eq(shippingMethods.id, shippingRates.methodId)} WHERE ${and(
    servingRateConditions({ tenantId: p.tenantId, factoryId: p.factoryId, country: p.country }),
    sql`${shippingMethods.id} = ${p.methodId}`,
    sql`${shippingRates.id} = ${p.rateId}`,
    sql`${shippingRates.version} = ${p.rateVersion}`,
    sql`${shippingRates.currency} = ${p.currency}`,
    sql`${p.weightGrams} > 0 AND ${p.weightGrams} <= ${sql.raw(String(SHIPPING_LIMITS.weightMaxG))}`,
    sql`(${shippingRates.maxWeightG} IS NULL OR ${shippingRates.maxWeightG} >= ${p.weightGrams})`,
  )})`;
}

/** The tenant's method with this id. */
export async function findMethodById(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, tenantId), eq(shippingMethods.id, id)));
  return row ?? null;
}

/** The tenant's method with this code. */
export async function findMethodByCode(tx: Executor, tenantId: string, code: string) {
  const [row] = await tx
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, tenantId), eq(shippingMethods.code, code)));
  return row ?? null;
}

/** The rate of a method from a factory, if there is one. */
export async function findRateByPair(tx: Executor, tenantId: string, methodId: string, factoryId: string) {
  const [row] = await tx
    .select()
    .from(shippingRates)
    .where(
      and(
        eq(shippingRates.tenantId, tenantId),
        eq(shippingRates.methodId, methodId),
        eq(shippingRates.factoryId, factoryId),
      ),
    );
  return row ?? null;
}

/** How many rates each of the methods has. */
export async function countRatesByMethod(tx: Executor, tenantId: string, methodIds: string[]) {
  if (!methodIds.length) return new Map<string, number>();
  const rows = await tx
    .select({ methodId: shippingRates.methodId, n: count() })
    .from(shippingRates)
    .where(and(eq(shippingRates.tenantId, tenantId), inArray(shippingRates.methodId, methodIds)))
    .groupBy(shippingRates.methodId);
  return new Map(rows.map((r) => [r.methodId, Number(r.n)]));
}

/** Names of the tenant's methods and factories a page of rates refers to. */
export async function rateLabels(tx: Executor, tenantId: string, methodIds: string[], factoryIds: string[]) {
  const [methods, factoryRows] = await Promise.all([
    methodIds.length
      ? tx
          .select({
            id: shippingMethods.id,
            name: shippingMethods.name,
            code: shippingMethods.code,
            carrier: shippingMethods.carrier,
          })
          .from(shippingMethods)
          .where(and(eq(shippingMethods.tenantId, tenantId), inArray(shippingMethods.id, methodIds)))
      : [],
    factoryIds.length
      ? tx
          .select({ id: factories.id, name: factories.name })
          .from(factories)
          .where(and(eq(factories.tenantId, tenantId), inArray(factories.id, factoryIds)))
      : [],
  ]);
  return {
    methods: new Map(methods.map((m) => [m.id, m])),
    factories: new Map(factoryRows.map((f) => [f.id, f.name])),
  };
}

export async function insertMethod(tx: Executor, tenantId: string, values: NewShippingMethod) {
  const [row] = await tx
    .insert(shippingMethods)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('shipping method insert returned nothing');
  return row;
}

export async function insertRate(tx: Executor, tenantId: string, values: NewShippingRate) {
  const [row] = await tx
    .insert(shippingRates)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('shipping rate insert returned nothing');
  return row;
}

/** The tenant's logistics methods among `ids` (a label import's chosen methods). */
export function methodsByIds(tx: Executor, tenantId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([] as ShippingMethodRow[]);
  return tx
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, tenantId), inArray(shippingMethods.id, [...ids])));
}

/** The tenant's enabled logistics methods, in their order (a label import's choices). */
export function enabledMethods(tx: Executor, tenantId: string) {
  return tx
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, tenantId), eq(shippingMethods.status, 'enabled')))
    .orderBy(asc(shippingMethods.carrier), asc(shippingMethods.name));
}
