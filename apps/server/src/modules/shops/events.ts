import type { Executor } from '../../db/client.ts';
import { extensionPoint } from '../../platform/extensions.ts';

/** A verified marketplace event, with the platform shops it concerns (issue 18). */
export interface ShopEvent {
  platform: 'tiktok' | 'temu';
  kind: 'order_status' | 'authorisation_expiring' | 'deauthorised' | 'other';
  /** The vendor's event type (TikTok's number as text, Temu's event code). */
  type: string;
  vendorShopId: string | null;
  occurredAt: Date;
  data: Record<string, unknown>;
  shops: Array<{ id: string; tenantId: string; merchantId: string }>;
}

/**
 * What other modules do with marketplace events (order intake syncs an order whose status changed):
 * each handler says what it did, for the event's record, or null when the event is not its business.
 * The shops module itself handles authorisation events.
 */
export type ShopEventHandler = (tx: Executor, event: ShopEvent) => Promise<string | null>;
export const SHOP_EVENTS = extensionPoint<ShopEventHandler>('shops.events');
