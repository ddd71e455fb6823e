import type { Executor } from '../../db/client.ts';
import type { MarketOrder } from '../../integrations/marketplace/index.ts';
import type { SyncChannel } from '@pod/shared';
import type { ShopRow } from '../shops/index.ts';

/** PLACEHOLDER until orders' upsertMarketplaceOrder lands (intake-import). */
export async function upsertMarketOrder(
  _tx: Executor,
  _shop: ShopRow,
  _order: MarketOrder,
  _channel: SyncChannel,
): Promise<'created' | 'updated' | 'unchanged' | 'stale'> {
  throw new Error('upsertMarketplaceOrder has not landed yet');
}

export async function mergedOrderCounts(
  _tx: Executor,
  _shops: Array<Pick<ShopRow, 'id'>>,
): Promise<Map<string, number>> {
  return new Map();
}
