import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Scope } from '../../platform/context.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { labelSplits, orderLabels } from './schema.ts';

export type LabelRow = typeof orderLabels.$inferSelect;
export type SplitRow = typeof labelSplits.$inferSelect;

/** Labels and splits are a merchant's rows: its own, and its supplier supervises them. */
export const LABEL_OWNER: Ownership = {
  level: 'merchant',
  tenant: orderLabels.tenantId,
  merchant: orderLabels.merchantId,
};
export const SPLIT_OWNER: Ownership = {
  level: 'merchant',
  tenant: labelSplits.tenantId,
  merchant: labelSplits.merchantId,
};

const mine = (m: MerchantScope) =>
  and(eq(orderLabels.tenantId, m.tenantId), eq(orderLabels.merchantId, m.merchantId));

/** The labels of orders, by order id (the caller has already decided the orders are its own). */
export async function labelsOfOrders(
  tx: Executor,
  orderIds: readonly string[],
): Promise<Map<string, LabelRow>> {
  if (!orderIds.length) return new Map();
  const rows = await tx
    .select()
    .from(orderLabels)
    .where(inArray(orderLabels.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** Labels of the tenant with these tracking numbers (any merchant: a number is the tenant's once). */
export function labelsByTracking(tx: Executor, tenantId: string, trackingNos: readonly string[]) {
  if (!trackingNos.length) return Promise.resolve([] as LabelRow[]);
  return tx
    .select()
    .from(orderLabels)
    .where(and(eq(orderLabels.tenantId, tenantId), inArray(orderLabels.trackingNo, [...trackingNos])));
}

/** The label of an order takes the imported number and method; a changed number drops its file. */
export async function upsertLabel(
  tx: Executor,
  values: Omit<typeof orderLabels.$inferInsert, 'id' | 'status' | 'fileKey' | 'fileName'>,
): Promise<LabelRow> {
  const [row] = await tx
    .insert(orderLabels)
    .values({ ...values, status: 'awaiting_file' })
    .onConflictDoUpdate({
      target: [orderLabels.tenantId, orderLabels.orderId],
      set: {
        trackingNo: values.trackingNo,
        methodId: values.methodId,
        methodName: values.methodName ?? '',
        source: 'import',
        status: sql`CASE WHEN ${orderLabels.trackingNo} = ${values.trackingNo} THEN ${orderLabels.status} ELSE 'awaiting_file' END`,
        fileKey: sql`CASE WHEN ${orderLabels.trackingNo} = ${values.trackingNo} THEN ${orderLabels.fileKey} ELSE NULL END`,
        fileName: sql`CASE WHEN ${orderLabels.trackingNo} = ${values.trackingNo} THEN ${orderLabels.fileName} ELSE '' END`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** Stores a waybill file on the merchant's label with this tracking number. */
export async function attachFile(
  tx: Executor,
  m: MerchantScope,
  labelId: string,
  file: { key: string; name: string; source: 'waybill' | 'split' },
): Promise<LabelRow | undefined> {
  const [row] = await tx
    .update(orderLabels)
    .set({
      status: 'ready',
      fileKey: file.key,
      fileName: file.name,
      source: file.source,
      updatedAt: new Date(),
    })
    .where(and(mine(m), eq(orderLabels.id, labelId)))
    .returning();
  return row;
}

export interface LabelFilter {
  order_no?: string | undefined;
  tracking_no?: string | undefined;
  label_status?: LabelRow['status'] | undefined;
  page: number;
  limit: number;
}

export function listLabels(tx: Executor, scope: Scope, q: LabelFilter) {
  const where: SQL[] = ownedBy(LABEL_OWNER, scope);
  if (q.order_no) where.push(eq(orderLabels.orderNo, q.order_no));
  if (q.tracking_no) where.push(eq(orderLabels.trackingNo, q.tracking_no));
  if (q.label_status) where.push(eq(orderLabels.status, q.label_status));
  return pagedRows(
    tx,
    orderLabels,
    and(...where),
    [desc(orderLabels.updatedAt), desc(orderLabels.id)],
    q.page,
    q.limit,
  );
}

export function labelsByIds(tx: Executor, scope: Scope, ids: readonly string[]) {
  return tx
    .select()
    .from(orderLabels)
    .where(and(...ownedBy(LABEL_OWNER, scope), inArray(orderLabels.id, [...ids])))
    .orderBy(orderLabels.trackingNo);
}

export async function insertSplit(tx: Executor, values: typeof labelSplits.$inferInsert): Promise<SplitRow> {
  const [row] = await tx.insert(labelSplits).values(values).returning();
  return row!;
}

export async function findSplit(tx: Executor, scope: Scope, id: string, lock = false) {
  const q = tx
    .select()
    .from(labelSplits)
    .where(and(eq(labelSplits.id, id), ...ownedBy(SPLIT_OWNER, scope)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export async function confirmSplit(tx: Executor, id: string): Promise<SplitRow | undefined> {
  const [row] = await tx
    .update(labelSplits)
    .set({ status: 'confirmed', confirmedAt: new Date() })
    .where(and(eq(labelSplits.id, id), eq(labelSplits.status, 'pending')))
    .returning();
  return row;
}
