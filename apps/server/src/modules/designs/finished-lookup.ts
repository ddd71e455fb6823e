import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import { finishedProducts } from './schema.ts';
import { distinctIds } from '../../platform/distinct-ids.ts';

/** What cart and orders read of a merchant's finished product (never its documents). */
export interface FinishedForOrder {
  id: string;
  code: string;
  name: string;
  productId: string;
  colorIds: string[];
  /** Sizes chosen at save ('default' mode); empty means every size of the product. */
  sizeIds: string[];
  faces: string[];
  /** Deleted finished products are listed (their cart lines show as unavailable) but not orderable. */
  deleted: boolean;
  /** The storage key of a colour's first mockup thumbnail, if rendered. */
  thumbKey(colorId: string): string | null;
}

/**
 * The merchant's own finished products among `ids` (deleted ones flagged), by id. Another
 * merchant's or tenant's ids are simply missing (the caller answers 404).
 */
export async function finishedForOrder(
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  ids: Iterable<string>,
): Promise<Map<string, FinishedForOrder>> {
  const list = distinctIds(ids);
  if (!list.length) return new Map();
  // Prepared once per handle (decision 0084): the ids are one array parameter.
  const rows = await preparedQuery(tx, 'designs_finished_for_order', (t) =>
    t
      .select({
        id: finishedProducts.id,
        code: finishedProducts.code,
        name: finishedProducts.name,
        productId: finishedProducts.productId,
        colorIds: finishedProducts.colorIds,
        sizeMode: finishedProducts.sizeMode,
        sizeIds: finishedProducts.sizeIds,
        faces: finishedProducts.faces,
        renders: finishedProducts.renders,
        deletedAt: finishedProducts.deletedAt,
      })
      .from(finishedProducts)
      .where(
        and(
          eq(finishedProducts.tenantId, sql.placeholder('tenant')),
          eq(finishedProducts.merchantId, sql.placeholder('merchant')),
          anyOfPlaceholder(finishedProducts.id, 'ids'),
        ),
      ),
  ).execute({ tenant: scope.tenantId, merchant: scope.merchantId, ids: list });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        code: r.code,
        name: r.name,
        productId: r.productId,
        colorIds: r.colorIds,
        sizeIds: r.sizeMode === 'default' ? r.sizeIds : [],
        faces: r.faces,
        deleted: r.deletedAt !== null,
        thumbKey: (colorId: string) =>
          r.renders.find((x) => x.color_id === colorId && x.thumb_key)?.thumb_key ?? null,
      },
    ]),
  );
}

/** Counts ordered pieces on the finished products (spec §3 "order count"). */
export async function countFinishedOrders(tx: Executor, tenantId: string, counts: Map<string, number>) {
  for (const [id, n] of counts)
    await tx
      .update(finishedProducts)
      .set({ orderCount: sql`${finishedProducts.orderCount} + ${n}` })
      .where(and(eq(finishedProducts.id, id), eq(finishedProducts.tenantId, tenantId)));
}

/** One surface's rendered files of one colour, as fulfilment prints them (storage keys). */
export interface PrintRender {
  colorId: string;
  surface: string;
  printKey: string | null;
  mockupKey: string | null;
  thumbKey: string | null;
  width: number;
  height: number;
  dpi: number;
}

/**
 * The rendered files of finished products of a tenant, by id (issue 21: the factory prints what
 * the merchant designed). The caller has already decided the orders naming them are its to see.
 */
export async function rendersForPrint(
  tx: Executor,
  tenantId: string,
  ids: Iterable<string>,
): Promise<Map<string, PrintRender[]>> {
  const list = distinctIds(ids);
  if (!list.length) return new Map();
  const rows = await tx
    .select({ id: finishedProducts.id, renders: finishedProducts.renders })
    .from(finishedProducts)
    .where(and(eq(finishedProducts.tenantId, tenantId), inArray(finishedProducts.id, list)));
  return new Map(
    rows.map((r) => [
      r.id,
      r.renders.map((x) => ({
        colorId: x.color_id,
        surface: x.surface_key,
        printKey: x.print_key,
        mockupKey: x.mockup_key,
        thumbKey: x.thumb_key,
        width: x.width,
        height: x.height,
        dpi: x.dpi,
      })),
    ]),
  );
}
