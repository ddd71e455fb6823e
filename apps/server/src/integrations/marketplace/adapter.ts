/**
 * The marketplace adapter boundary (issue 18, decision 0029): what the platform needs of a
 * marketplace, shaped by the platform's work rather than by one vendor's API. Every marketplace
 * implements it (`integrations/tiktok`, `integrations/temu`); a shop of platform kind "other" has
 * no adapter (spec §4: its orders come only from spreadsheet import, its status is never synced).
 *
 * Later issues (order intake, fulfilment, publishing) only add calls to this boundary. Amounts are
 * integers in minor units with their currency, as everywhere in the platform; times are Dates.
 */

/** The marketplaces that have an adapter. */
export const MARKETPLACES = ['tiktok', 'temu'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/**
 * Which authorisation of a shop a call uses. TikTok Shop authorises a seller once (`default`);
 * Temu issues separate tokens for products and stock (`product`) and for orders and shipping per
 * gateway (`order_us`, `order_global`) (spec §3 Shop: product token, US order token, global order
 * token; contracts §2e).
 */
export const TOKEN_SLOTS = ['default', 'product', 'order_us', 'order_global'] as const;
export type TokenSlot = (typeof TOKEN_SLOTS)[number];

/** What a shop's stored authorisation hands an adapter call (opened from its sealed form). */
export interface ShopAccess {
  /** Access tokens by slot; a call whose slot is missing fails with `auth_expired`. */
  tokens: Partial<Record<TokenSlot, string>>;
  /** TikTok: the authorised shop's `shop_cipher`, sent on shop-scoped calls. */
  shopCipher?: string | null;
  /** The vendor's id of the shop (TikTok shop id, Temu mall id): rate limits are kept per shop. */
  vendorShopId?: string | null;
}

/** A token the vendor issued, with the lifetimes it stated (absolute times, never assumed). */
export interface TokenGrant {
  slot: TokenSlot;
  accessToken: string;
  accessExpiresAt: Date;
  /** TikTok only: Temu tokens are re-issued by authorising again. */
  refreshToken: string | null;
  refreshExpiresAt: Date | null;
  /** The seller the token acts for: TikTok `open_id`, Temu `mallId`. */
  sellerId: string;
  sellerName: string | null;
  region: string | null;
  scopes: string[];
}

/** A shop the authorised seller has on the marketplace. */
export interface VendorShop {
  /** The vendor's shop id (TikTok shop id, Temu mall id). */
  id: string;
  /** TikTok `shop_cipher`; null where the vendor has none. */
  cipher: string | null;
  code: string | null;
  name: string;
  region: string | null;
  sellerType: string | null;
}

/** A warehouse of the seller on the marketplace (spec §3 Shop: associated warehouses). */
export interface VendorWarehouse {
  id: string;
  name: string;
  /** e.g. TikTok `SALES_WAREHOUSE` / `RETURN_WAREHOUSE`, Temu's type when it gives one. */
  type: string | null;
  isDefault: boolean;
  region: string | null;
}

/** Buyer customisation of an item (personalised text or an uploaded image). */
export interface Customisation {
  kind: 'text' | 'image';
  /** What the buyer filled in: the text, or the image's URL. */
  value: string;
  /** The field's name or area, when the vendor gives one. */
  label: string | null;
  /** A rendered preview of the customised item, when the vendor gives one. */
  previewUrl: string | null;
}

/** The platform's reading of an order's state, next to the vendor's own status. */
export const ORDER_STATES = [
  'unpaid',
  'awaiting_shipment',
  'shipped',
  'delivered',
  'cancelled',
  'other',
] as const;
export type MarketOrderState = (typeof ORDER_STATES)[number];

export interface Money {
  /** Minor units (cents, fen). */
  amount: number;
  currency: string;
}

export interface MarketOrderLine {
  /** The vendor's line ids: TikTok line item ids (one per unit), Temu `orderSn`. */
  lineIds: string[];
  productId: string | null;
  skuId: string;
  sellerSku: string | null;
  productName: string;
  skuName: string | null;
  imageUrl: string | null;
  quantity: number;
  unitPrice: Money | null;
  /** The package the line ships in (TikTok), needed to confirm shipment. */
  packageId: string | null;
  customisation: Customisation[];
}

export interface MarketAddress {
  name: string;
  phone: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  address1: string;
  address2: string | null;
  postcode: string | null;
}

export interface MarketOrder {
  /** TikTok order id, Temu parent order sn. */
  id: string;
  vendorStatus: string;
  state: MarketOrderState;
  createdAt: Date;
  updatedAt: Date | null;
  paidAt: Date | null;
  /** The latest the seller may ship (TikTok `rts_sla_time`, Temu `expectShipLatestTime`). */
  shipBy: Date | null;
  buyerMessage: string | null;
  total: Money | null;
  shippingFee: Money | null;
  address: MarketAddress | null;
  lines: MarketOrderLine[];
  trackingNumber: string | null;
}

export interface OrderQuery {
  /** Only orders in these platform states (all when omitted). */
  states?: MarketOrderState[];
  createdFrom?: Date;
  createdTo?: Date;
  updatedFrom?: Date;
  updatedTo?: Date;
  pageSize?: number;
  /** The cursor the previous page returned. */
  cursor?: string | null;
}

export interface OrderPage {
  orders: MarketOrder[];
  /** null on the last page. */
  nextCursor: string | null;
  total: number | null;
}

/** A shipment the seller made with its own carrier (spec §4: status synced back when shipped). */
export interface ShipmentConfirmation {
  orderId: string;
  trackingNumber: string;
  /** The vendor's carrier id (TikTok `shipping_provider_id`, Temu `carrierId`). */
  carrierId: string;
  /** The lines shipped; all of the order's when omitted. */
  lines?: Array<{ lineIds: string[]; skuId: string; productId?: string | null; quantity: number }>;
}

export interface ShipmentResult {
  /** The vendor's package ids the shipment was recorded on. */
  packageIds: string[];
  /**
   * What was sent (issue 21): `shipped` a new shipment, `updated` a shipped package's tracking
   * (TikTok shipping info update), `unchanged` nothing, the order already shows this tracking number.
   */
  action: 'shipped' | 'updated' | 'unchanged';
}

/** A carrier the marketplace knows, by its id (TikTok shipping provider, Temu carrier). */
export interface VendorShippingProvider {
  id: string;
  name: string;
}

export interface ListingSku {
  sellerSku: string;
  price: Money;
  quantity: number;
  warehouseId: string | null;
  /** Sales attributes such as colour and size. */
  attributes: Array<{ name: string; value: string }>;
  imageUri?: string | null;
  /** Temu semi-managed: the supplier price per site (minor units); the SKU price elsewhere. */
  sitePrices?: Array<{ siteId: string; amount: number }>;
}

export interface ListingInput {
  title: string;
  /** HTML (TikTok) or plain text. */
  description: string;
  categoryId: string;
  /** Image references returned by uploadImage (TikTok `uri`, Temu URL). */
  images: string[];
  /** Temu: the SKC's preview images (`previewImgUrls`); the first image when absent. */
  skcImages?: string[];
  skus: ListingSku[];
  /** grams */
  packageWeight: number;
  /** centimetres */
  packageDimensions?: { length: number; width: number; height: number } | null;
  /** The platform's id of the finished product, echoed back by the vendor. */
  externalId?: string | null;
  /** Vendor-specific fields the publishing module fills in (e.g. Temu site and route data). */
  vendorFields?: Record<string, unknown>;
  /**
   * A retried create never makes a second product (issue 23): TikTok sends it as
   * `idempotency_key`; Temu looks the SKC up by its ext code (`externalId`) before adding.
   */
  idempotencyKey?: string | null;
}

export interface ListingResult {
  listingId: string;
  /** Temu's SKC id; null where the vendor has none. */
  skcId?: string | null;
  skus: Array<{ sellerSku: string | null; skuId: string }>;
  warnings: string[];
}

/** What the marketplace requires of a listing in a category (issue 23: the preflight's marketplace side). */
export interface CategoryRules {
  requiredAttributes: Array<{ id: string; name: string }>;
  sizeChartRequired: boolean;
  /** The first main image must have a white background. */
  whiteBackgroundFirstImage: boolean;
}

export const IMAGE_USES = ['main', 'attribute', 'description', 'size_chart'] as const;
export type ImageUse = (typeof IMAGE_USES)[number];

export interface UploadedImage {
  /** What a listing refers to (TikTok `uri`, Temu URL). */
  ref: string;
  url: string;
  width: number | null;
  height: number | null;
}

/** A verified webhook delivery, in the platform's terms. */
export interface WebhookEvent {
  /** The vendor's notification id when it sends one, else a digest of the body (dedupe key). */
  eventId: string;
  /** The vendor's shop or mall id the event is about. */
  vendorShopId: string | null;
  /** The vendor's event type: TikTok's number as text, Temu's event code. */
  type: string;
  kind: 'order_status' | 'authorisation_expiring' | 'deauthorised' | 'other';
  occurredAt: Date;
  data: Record<string, unknown>;
}

export interface WebhookDelivery {
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The exact bytes received, as text: signatures are over these, never a re-serialisation. */
  rawBody: string;
}

/**
 * One marketplace, as the platform uses it. Calls throw `MarketplaceError` (./errors.ts), whose
 * kind says what the platform does next.
 */
export interface MarketplaceAdapter {
  readonly marketplace: Marketplace;
  /** Whether the adapter talks to the bundled local sandbox rather than the vendor. */
  readonly isSandbox: boolean;
  /** The token slots a shop of this marketplace holds. */
  readonly tokenSlots: readonly TokenSlot[];

  /** The vendor page the seller authorises on, carrying the platform's signed `state`. */
  authorisationUrl(input: { state: string; slot: TokenSlot }): string;
  /** Exchanges the code the seller came back with. */
  exchangeCode(input: { code: string; slot: TokenSlot }): Promise<TokenGrant>;
  /**
   * Renews a slot's authorisation before it expires: TikTok refreshes with its refresh token; Temu
   * has none and re-reads the token's current expiry (it changes when the seller re-authorises).
   */
  refresh(input: { slot: TokenSlot; accessToken: string; refreshToken: string | null }): Promise<TokenGrant>;

  listShops(access: ShopAccess): Promise<VendorShop[]>;
  listWarehouses(access: ShopAccess): Promise<VendorWarehouse[]>;

  searchOrders(access: ShopAccess, query: OrderQuery): Promise<OrderPage>;
  /** Orders by id, with buyer customisation where the vendor has it. */
  getOrders(access: ShopAccess, ids: string[]): Promise<MarketOrder[]>;
  /**
   * Tells the marketplace the seller shipped the order with its own carrier (spec §4 status sync).
   * Idempotent: an order already showing this tracking number is left alone (`unchanged`).
   */
  confirmShipment(access: ShopAccess, shipment: ShipmentConfirmation): Promise<ShipmentResult>;
  /** The carriers a shipment may name (TikTok: per delivery option of the default warehouse). */
  listShippingProviders(access: ShopAccess): Promise<VendorShippingProvider[]>;

  createListing(access: ShopAccess, listing: ListingInput): Promise<ListingResult>;
  updateListing(access: ShopAccess, listingId: string, listing: ListingInput): Promise<ListingResult>;
  deactivateListings(access: ShopAccess, listingIds: string[]): Promise<void>;
  /** The category's prerequisites; null where the marketplace states none through its API. */
  categoryRules(access: ShopAccess, categoryId: string): Promise<CategoryRules | null>;
  uploadImage(
    access: ShopAccess,
    image: { data: Buffer; fileName: string; contentType: string; use: ImageUse },
  ): Promise<UploadedImage>;

  /** The event when the delivery's signature (and freshness) checks out; otherwise null. */
  verifyWebhook(delivery: WebhookDelivery, now?: Date): WebhookEvent | null;
}
