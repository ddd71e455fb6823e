import type {
  ImageUse,
  ListingInput,
  ListingResult,
  CategoryRules,
  MarketAddress,
  MarketOrder,
  MarketOrderLine,
  MarketOrderState,
  MarketplaceAdapter,
  OrderPage,
  OrderQuery,
  ShipmentConfirmation,
  ShipmentResult,
  ShopAccess,
  TokenGrant,
  TokenSlot,
  UploadedImage,
  VendorShippingProvider,
  VendorShop,
  VendorWarehouse,
  WebhookDelivery,
  WebhookEvent,
} from '../marketplace/adapter.ts';
import { createHash } from 'node:crypto';
import { MarketplaceError } from '../marketplace/errors.ts';
import { callVendor, fetchRaw, type CallPolicy } from '../marketplace/http.ts';
import { fromMinor, fromUnix, money } from '../marketplace/money.ts';
import { arr, bool, num, obj, str, type Json } from '../marketplace/read.ts';
import { readTikTokEnvelope } from './tiktok-errors.ts';
import { tiktokQuery, tiktokSign, verifyTiktokWebhook, type TikTokQuery } from './tiktok-sign.ts';

/** Where and as whom the adapter calls TikTok Shop (real hosts or the local sandbox). */
export interface TikTokAdapterOptions {
  appKey: string;
  appSecret: string;
  /** The app's service id (current authorisation URL); empty uses the legacy `app_key` form. */
  serviceId: string;
  /** e.g. `https://services.tiktokshop.com/open/authorize` */
  authorizeUrl: string;
  /** e.g. `https://auth.tiktok-shops.com` (token get and refresh) */
  authHost: string;
  /** e.g. `https://open-api.tiktokglobalshop.com` */
  apiHost: string;
  sandbox: boolean;
  policy: CallPolicy;
  /** Requests per second per API and shop (contracts: 50). */
  ratePerSecond?: number;
}

/** TikTok Shop's order statuses as the platform reads them (zhongzhaoli/alt-multi-platform-admin). */
const STATE_OF: Record<string, MarketOrderState> = {
  UNPAID: 'unpaid',
  ON_HOLD: 'other',
  AWAITING_SHIPMENT: 'awaiting_shipment',
  PARTIALLY_SHIPPING: 'awaiting_shipment',
  AWAITING_COLLECTION: 'shipped',
  IN_TRANSIT: 'shipped',
  DELIVERED: 'delivered',
  COMPLETED: 'delivered',
  CANCELLED: 'cancelled',
};

const USE_CASE: Record<ImageUse, string> = {
  main: 'MAIN_IMAGE',
  attribute: 'ATTRIBUTE_IMAGE',
  description: 'DESCRIPTION_IMAGE',
  size_chart: 'SIZE_CHART_IMAGE',
};

/**
 * Paths that take no `shop_cipher` (EcomPHP `src/Client.php`): authorisation, seller, and the
 * product APIs that are not shop-scoped.
 */
function isShopScoped(method: string, path: string): boolean {
  if (/^\/(authorization|seller)\//.test(path)) return false;
  if (/^\/product\/\d+\/(compliance|global_products|files\/upload|images\/upload)/.test(path)) return false;
  if (method === 'POST' && /^\/product\/\d+\/brands$/.test(path)) return false;
  return true;
}

/** An absolute expiry (contracts: `*_expire_in` are unix timestamps); a small number is read as seconds from now (⚠ tolerant). */
export function tokenExpiry(value: unknown, now = new Date()): Date | null {
  const n = num(value);
  if (n === null || n <= 0) return null;
  return n < 1e9 ? new Date(now.getTime() + n * 1000) : new Date(n * 1000);
}

/** The rate bucket of an API: numeric path segments become `{id}`. */
const apiOf = (method: string, path: string) => `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

/** TikTok Shop Partner API 202309 (contracts §1). */
export class TikTokAdapter implements MarketplaceAdapter {
  readonly marketplace = 'tiktok' as const;
  readonly tokenSlots: readonly TokenSlot[] = ['default'];
  readonly isSandbox: boolean;

  constructor(private readonly options: TikTokAdapterOptions) {
    this.isSandbox = options.sandbox;
  }

  authorisationUrl({ state }: { state: string; slot: TokenSlot }): string {
    const url = new URL(this.options.authorizeUrl);
    if (this.options.serviceId) url.searchParams.set('service_id', this.options.serviceId);
    else url.searchParams.set('app_key', this.options.appKey);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchangeCode({ code }: { code: string; slot: TokenSlot }): Promise<TokenGrant> {
    return this.token('/api/v2/token/get', { auth_code: code, grant_type: 'authorized_code' });
  }

  async refresh({
    refreshToken,
  }: {
    slot: TokenSlot;
    accessToken: string;
    refreshToken: string | null;
  }): Promise<TokenGrant> {
    if (!refreshToken)
      throw new MarketplaceError('auth_expired', 'no refresh token', { marketplace: 'tiktok' });
    return this.token('/api/v2/token/refresh', { refresh_token: refreshToken, grant_type: 'refresh_token' });
  }

  /** Token get and refresh: unsigned GETs with app_secret in the query (contracts §1a). */
  private async token(path: string, params: Record<string, string>): Promise<TokenGrant> {
    const url = new URL(path, this.options.authHost);
    const query = { app_key: this.options.appKey, app_secret: this.options.appSecret, ...params };
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const data = await callVendor(this.options.policy, {
      marketplace: 'tiktok',
      operation: `GET ${path}`,
      rateKey: `tiktok:${this.options.appKey}:auth`,
      perSecond: this.options.ratePerSecond ?? 50,
      send: (signal) =>
        fetchRaw(
          this.options.policy,
          url.toString(),
          { method: 'GET', headers: { 'content-type': 'application/json' } },
          signal,
        ),
      read: readTikTokEnvelope,
    });
    const accessToken = str(data.access_token);
    const accessExpiresAt = tokenExpiry(data.access_token_expire_in);
    const sellerId = str(data.open_id);
    if (!accessToken || !accessExpiresAt || !sellerId)
      throw new MarketplaceError('vendor_down', 'token answer without a token', { marketplace: 'tiktok' });
    return {
      slot: 'default',
      accessToken,
      accessExpiresAt,
      refreshToken: str(data.refresh_token),
      refreshExpiresAt: tokenExpiry(data.refresh_token_expire_in),
      sellerId,
      sellerName: str(data.seller_name),
      region: str(data.seller_base_region),
      scopes: arr(data.granted_scopes).map(String),
    };
  }

  /** A signed Partner API call (contracts §1b); returns the envelope's `data`. */
  private async api(
    access: ShopAccess,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: TikTokQuery; body?: Json; multipart?: FormData } = {},
  ): Promise<Json> {
    const token = access.tokens.default;
    if (!token)
      throw new MarketplaceError('auth_expired', 'the shop is not authorised', { marketplace: 'tiktok' });
    const shopScoped = isShopScoped(method, path);
    if (shopScoped && !access.shopCipher)
      throw new MarketplaceError('auth_expired', 'the shop has no shop_cipher', { marketplace: 'tiktok' });
    const body = options.body ? JSON.stringify(options.body) : null;
    return callVendor(this.options.policy, {
      marketplace: 'tiktok',
      operation: `${method} ${path}`,
      rateKey: `tiktok:${this.options.appKey}:${access.vendorShopId ?? '-'}:${apiOf(method, path)}`,
      perSecond: this.options.ratePerSecond ?? 50,
      send: (signal) => {
        const query = tiktokQuery({
          ...options.query,
          app_key: this.options.appKey,
          timestamp: Math.floor(Date.now() / 1000),
          ...(shopScoped ? { shop_cipher: access.shopCipher } : {}),
        });
        const sign = tiktokSign(this.options.appSecret, {
          path,
          query,
          body,
          isMultipart: Boolean(options.multipart),
        });
        const url = new URL(path, this.options.apiHost);
        for (const [key, value] of Object.entries({ ...query, sign })) url.searchParams.set(key, value);
        const headers: Record<string, string> = { 'x-tts-access-token': token };
        // SKIT sends the JSON content type even on GET; multipart sets its own boundary.
        if (!options.multipart) headers['content-type'] = 'application/json';
        return fetchRaw(
          this.options.policy,
          url.toString(),
          { method, headers, body: options.multipart ?? body ?? undefined },
          signal,
        );
      },
      read: readTikTokEnvelope,
    });
  }

  async listShops(access: ShopAccess): Promise<VendorShop[]> {
    const data = await this.api(access, 'GET', '/authorization/202309/shops');
    return arr(data.shops).map((s) => {
      const shop = obj(s);
      return {
        id: str(shop.id) ?? '',
        cipher: str(shop.cipher),
        code: str(shop.code),
        name: str(shop.name) ?? '',
        region: str(shop.region),
        sellerType: str(shop.seller_type),
      };
    });
  }

  async listWarehouses(access: ShopAccess): Promise<VendorWarehouse[]> {
    // ⚠ Not in the contracts file: TikTok's "Get Warehouse List" (decision 0029).
    const data = await this.api(access, 'GET', '/logistics/202309/warehouses');
    return arr(data.warehouses).map((w) => {
      const warehouse = obj(w);
      return {
        id: str(warehouse.id) ?? '',
        name: str(warehouse.name) ?? '',
        type: str(warehouse.type),
        isDefault: bool(warehouse.is_default),
        region: str(obj(warehouse.address).region_code),
      };
    });
  }

  async searchOrders(access: ShopAccess, query: OrderQuery): Promise<OrderPage> {
    const statuses = query.states
      ? Object.entries(STATE_OF)
          .filter(([, state]) => query.states!.includes(state))
          .map(([status]) => status)
      : [];
    const seconds = (d: Date | undefined) => (d ? Math.floor(d.getTime() / 1000) : undefined);
    const body: Json = Object.fromEntries(
      Object.entries({
        // One status filters at the vendor; several are filtered here.
        order_status: statuses.length === 1 ? statuses[0] : undefined,
        create_time_ge: seconds(query.createdFrom),
        create_time_lt: seconds(query.createdTo),
        update_time_ge: seconds(query.updatedFrom),
        update_time_lt: seconds(query.updatedTo),
      }).filter(([, v]) => v !== undefined),
    );
    const data = await this.api(access, 'POST', '/order/202309/orders/search', {
      query: {
        page_size: Math.min(query.pageSize ?? 20, 100),
        page_token: query.cursor ?? undefined,
        sort_field: 'create_time',
        sort_order: 'DESC',
      },
      body,
    });
    let orders = arr(data.orders).map((o) => toOrder(obj(o)));
    if (query.states) orders = orders.filter((o) => query.states!.includes(o.state));
    return { orders, nextCursor: str(data.next_page_token), total: num(data.total_count) };
  }

  async getOrders(access: ShopAccess, ids: string[]): Promise<MarketOrder[]> {
    const out: MarketOrder[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      const data = await this.api(access, 'GET', '/order/202309/orders', {
        query: { ids: ids.slice(i, i + 50).join(',') },
      });
      out.push(...arr(data.orders).map((o) => toOrder(obj(o))));
    }
    return out;
  }

  async confirmShipment(access: ShopAccess, shipment: ShipmentConfirmation): Promise<ShipmentResult> {
    const [order] = await this.getOrders(access, [shipment.orderId]);
    if (!order)
      throw new MarketplaceError('invalid_request', `order ${shipment.orderId} not found`, {
        marketplace: 'tiktok',
      });
    const wanted = shipment.lines ? new Set(shipment.lines.flatMap((l) => l.lineIds)) : null;
    const packageIds = [
      ...new Set(
        order.lines
          .filter((line) => !wanted || line.lineIds.some((id) => wanted.has(id)))
          .map((line) => line.packageId)
          .filter((id): id is string => Boolean(id)),
      ),
    ];
    if (!packageIds.length)
      throw new MarketplaceError('invalid_request', 'the order has no package to ship', {
        marketplace: 'tiktok',
      });
    const tracking = {
      tracking_number: shipment.trackingNumber,
      shipping_provider_id: shipment.carrierId,
    };
    // Already shipped (issue 21): the same tracking number needs nothing; a new one is an update
    // of the package's shipping info, never a second shipment.
    if (order.state === 'shipped' || order.state === 'delivered') {
      if (order.trackingNumber === shipment.trackingNumber) return { packageIds, action: 'unchanged' };
      for (const packageId of packageIds)
        await this.api(
          access,
          'POST',
          `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/shipping_info/update`,
          { body: tracking },
        );
      return { packageIds, action: 'updated' };
    }
    for (const packageId of packageIds) {
      await this.api(access, 'POST', `/fulfillment/202309/packages/${encodeURIComponent(packageId)}/ship`, {
        body: { handover_method: 'DROP_OFF', self_shipment: tracking },
      });
    }
    return { packageIds, action: 'shipped' };
  }

  /**
   * The shipping providers of the default sales warehouse's delivery options (contracts §1c:
   * `GET /logistics/202309/delivery_options/{id}/shipping_providers`; ⚠ the warehouse's delivery
   * options call is not in the contracts file, decision 0055).
   */
  async listShippingProviders(access: ShopAccess): Promise<VendorShippingProvider[]> {
    const warehouses = await this.listWarehouses(access);
    const sales = warehouses.filter((w) => w.type !== 'RETURN_WAREHOUSE');
    const warehouse = sales.find((w) => w.isDefault) ?? sales[0];
    if (!warehouse) return [];
    const options = await this.api(
      access,
      'GET',
      `/logistics/202309/warehouses/${encodeURIComponent(warehouse.id)}/delivery_options`,
    );
    const out = new Map<string, VendorShippingProvider>();
    for (const option of arr(options.delivery_options)) {
      const optionId = str(obj(option).id);
      if (!optionId) continue;
      const data = await this.api(
        access,
        'GET',
        `/logistics/202309/delivery_options/${encodeURIComponent(optionId)}/shipping_providers`,
      );
      for (const p of arr(data.shipping_providers)) {
        const provider = obj(p);
        const id = str(provider.id);
        if (id && !out.has(id)) out.set(id, { id, name: str(provider.name) ?? id });
      }
    }
    return [...out.values()];
  }

  private productBody(listing: ListingInput): Json {
    return {
      title: listing.title,
      description: listing.description,
      category_id: listing.categoryId,
      main_images: listing.images.map((uri) => ({ uri })),
      package_weight: { value: (listing.packageWeight / 1000).toFixed(3), unit: 'KILOGRAM' },
      ...(listing.packageDimensions
        ? {
            package_dimensions: {
              length: String(listing.packageDimensions.length),
              width: String(listing.packageDimensions.width),
              height: String(listing.packageDimensions.height),
              unit: 'CENTIMETER',
            },
          }
        : {}),
      skus: listing.skus.map((sku) => ({
        seller_sku: sku.sellerSku,
        price: { amount: fromMinor(sku.price), currency: sku.price.currency },
        inventory: [{ warehouse_id: sku.warehouseId ?? '', quantity: sku.quantity }],
        sales_attributes: sku.attributes.map((a) => ({
          name: a.name,
          value_name: a.value,
          ...(sku.imageUri ? { sku_img: { uri: sku.imageUri } } : {}),
        })),
      })),
      save_mode: 'LISTING',
      ...(listing.externalId ? { external_product_id: listing.externalId } : {}),
      ...(listing.idempotencyKey ? { idempotency_key: listing.idempotencyKey } : {}),
      ...listing.vendorFields,
    };
  }

  private listingResult(data: Json): ListingResult {
    return {
      listingId: str(data.product_id) ?? '',
      skus: arr(data.skus).map((s) => ({ sellerSku: str(obj(s).seller_sku), skuId: str(obj(s).id) ?? '' })),
      warnings: arr(data.warnings)
        .map((w) => str(obj(w).message))
        .filter((m): m is string => Boolean(m)),
    };
  }

  async createListing(access: ShopAccess, listing: ListingInput): Promise<ListingResult> {
    return this.listingResult(
      await this.api(access, 'POST', '/product/202309/products', { body: this.productBody(listing) }),
    );
  }

  async updateListing(access: ShopAccess, listingId: string, listing: ListingInput): Promise<ListingResult> {
    const data = await this.api(access, 'PUT', `/product/202309/products/${encodeURIComponent(listingId)}`, {
      body: this.productBody(listing),
    });
    return this.listingResult({ product_id: listingId, ...data });
  }

  async categoryRules(access: ShopAccess, categoryId: string): Promise<CategoryRules | null> {
    const id = encodeURIComponent(categoryId);
    const [attributes, rules] = await Promise.all([
      this.api(access, 'GET', `/product/202309/categories/${id}/attributes`),
      this.api(access, 'GET', `/product/202309/categories/${id}/rules`),
    ]);
    return {
      requiredAttributes: arr(attributes.attributes)
        .map(obj)
        .filter((a) => bool(a.is_required) && str(a.type) === 'PRODUCT_PROPERTY')
        .map((a) => ({ id: str(a.id) ?? '', name: str(a.name) ?? '' })),
      // ⚠ decision 0046: the rules' field names as the sandbox states them.
      sizeChartRequired: bool(obj(rules.size_chart).is_required),
      whiteBackgroundFirstImage: bool(obj(rules.main_image).is_white_background_required),
    };
  }

  async deactivateListings(access: ShopAccess, listingIds: string[]): Promise<void> {
    await this.api(access, 'POST', '/product/202309/products/deactivate', {
      body: { product_ids: listingIds },
    });
  }

  async uploadImage(
    access: ShopAccess,
    image: { data: Buffer; fileName: string; contentType: string; use: ImageUse },
  ): Promise<UploadedImage> {
    const form = new FormData();
    form.set('data', new Blob([new Uint8Array(image.data)], { type: image.contentType }), image.fileName);
    form.set('use_case', USE_CASE[image.use]);
    const data = await this.api(access, 'POST', '/product/202309/images/upload', { multipart: form });
    return {
      ref: str(data.uri) ?? '',
      url: str(data.url) ?? '',
      width: num(data.width),
      height: num(data.height),
    };
  }

  verifyWebhook(delivery: WebhookDelivery): WebhookEvent | null {
    if (
      !verifyTiktokWebhook(
        this.options.appKey,
        this.options.appSecret,
        delivery.rawBody,
        delivery.headers.authorization,
      )
    )
      return null;
    let body: Json;
    try {
      body = obj(JSON.parse(delivery.rawBody));
    } catch {
      return null;
    }
    const type = num(body.type);
    if (type === null) return null;
    const kind: WebhookEvent['kind'] =
      type === 1
        ? 'order_status'
        : type === 6
          ? 'deauthorised'
          : type === 7
            ? 'authorisation_expiring'
            : 'other';
    return {
      eventId: str(body.tts_notification_id) ?? createHash('sha256').update(delivery.rawBody).digest('hex'),
      vendorShopId: str(body.shop_id),
      type: String(type),
      kind,
      occurredAt: fromUnix(body.timestamp) ?? new Date(),
      data: obj(body.data),
    };
  }
}

function toAddress(value: unknown): MarketAddress | null {
  const a = obj(value);
  if (!Object.keys(a).length) return null;
  const level = (name: string) =>
    str(obj(arr(a.district_info).find((d) => str(obj(d).address_level) === name)).address_name);
  const name = str(a.name) ?? [str(a.first_name), str(a.last_name)].filter(Boolean).join(' ');
  return {
    name,
    phone: str(a.phone_number),
    country: str(a.region_code) ?? level('L0'),
    province: level('L1'),
    city: level('L3') ?? level('L2'),
    district: level('L4'),
    address1: str(a.address_line1) ?? str(a.address_detail) ?? str(a.full_address) ?? '',
    address2:
      [str(a.address_line2), str(a.address_line3), str(a.address_line4)].filter(Boolean).join(' ') || null,
    postcode: str(a.postal_code),
  };
}

/**
 * A 202309 order. ⚠ Each line item is one unit (the sample has no quantity): items of one SKU are
 * grouped into one line whose quantity is their count (contracts §1c). TikTok documents no buyer
 * customisation field, so lines carry none; the buyer's message is kept on the order.
 */
export function toOrder(o: Json): MarketOrder {
  const payment = obj(o.payment);
  const currency = str(payment.currency);
  const groups = new Map<string, MarketOrderLine>();
  for (const raw of arr(o.line_items)) {
    const item = obj(raw);
    const skuId = str(item.sku_id) ?? '';
    const key = `${skuId}|${str(item.package_id) ?? ''}`;
    const existing = groups.get(key);
    if (existing) {
      existing.quantity += 1;
      existing.lineIds.push(str(item.id) ?? '');
      continue;
    }
    groups.set(key, {
      lineIds: [str(item.id) ?? ''],
      productId: str(item.product_id),
      skuId,
      sellerSku: str(item.seller_sku),
      productName: str(item.product_name) ?? '',
      skuName: str(item.sku_name),
      imageUrl: str(item.sku_image),
      quantity: 1,
      unitPrice: money(str(item.sale_price), str(item.currency) ?? currency),
      packageId: str(item.package_id) ?? str(obj(arr(o.packages)[0]).id),
      customisation: [],
    });
  }
  const status = str(o.status) ?? '';
  return {
    id: str(o.id) ?? '',
    vendorStatus: status,
    state: STATE_OF[status] ?? 'other',
    createdAt: fromUnix(o.create_time) ?? new Date(0),
    updatedAt: fromUnix(o.update_time),
    paidAt: fromUnix(o.paid_time),
    shipBy: fromUnix(o.rts_sla_time) ?? fromUnix(o.shipping_due_time),
    buyerMessage: str(o.buyer_message),
    total: money(str(payment.total_amount), currency),
    shippingFee: money(str(payment.shipping_fee), currency),
    address: toAddress(o.recipient_address),
    lines: [...groups.values()],
    trackingNumber: str(o.tracking_number),
  };
}
