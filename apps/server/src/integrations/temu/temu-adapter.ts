import { createHash } from 'node:crypto';
import type {
  Customisation,
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
import { MarketplaceError } from '../marketplace/errors.ts';
import { backoffDelay, callVendor, fetchRaw, type CallPolicy } from '../marketplace/http.ts';
import { fromUnix } from '../marketplace/money.ts';
import { arr, num, obj, str, type Json } from '../marketplace/read.ts';
import { readTemuEnvelope } from './temu-errors.ts';
import { temuBody, temuSign, verifyTemuWebhook } from './temu-sign.ts';

/** The token slots of a Temu shop and the gateway each is valid on (contracts §2e). */
export const TEMU_SLOTS = ['product', 'order_us', 'order_global'] as const;
export type TemuSlot = (typeof TEMU_SLOTS)[number];

/**
 * Temu API type names the contracts file does not confirm for semi-managed shops (⚠ decision 0029):
 * kept in one place so a correction is one line.
 */
export const TEMU_TYPES = {
  tokenCreate: 'bg.open.accesstoken.create',
  tokenInfo: 'bg.open.accesstoken.info.get',
  orderList: 'bg.order.list.v2.get',
  shippingInfo: 'bg.order.shippinginfo.v2.get',
  customisation: 'bg.order.customization.get',
  warehouses: 'bg.logistics.warehouse.list.get',
  shipmentConfirm: 'bg.logistics.shipment.v2.confirm',
  /** The carriers a self-shipment names (contracts §2f: `carrierId` from this call). */
  carriers: 'bg.logistics.companies.get',
  goodsAdd: 'temu.goods.add',
  /** ⚠ not found in any source: the semi-managed edit call. */
  goodsUpdate: 'temu.goods.update',
  /** ⚠ the local-seller name (bg.local.goods.sale.status.set) without "local". */
  goodsSaleStatus: 'bg.goods.sale.status.set',
  imageUpload: 'bg.goods.image.upload.global',
  /** ⚠ decision 0046: the goods list filtered by the SKC's ext code, read before every add. */
  goodsList: 'bg.goods.list.get',
} as const;

export interface TemuAdapterOptions {
  appKey: string;
  appSecret: string;
  /** Routers: PA (products, images), US and GLOBAL (semi-managed orders and shipping). */
  gateways: Record<'pa' | 'us' | 'global', string>;
  /** The seller-centre page each slot is authorised on (callback authorisation). */
  authorizeUrls: Record<TemuSlot, string>;
  /** The platform's callback page the seller comes back to (also configured at Temu). */
  redirectUrl: string;
  sandbox: boolean;
  policy: CallPolicy;
  /** Requests per second per app (contracts: 20). */
  ratePerSecond?: number;
  /** `options.sizeMode` of a main image: 2 = 1350×1800 (3:4) (⚠ decision 0029). */
  mainImageSizeMode?: number;
}

const GATEWAY_OF: Record<TemuSlot, 'pa' | 'us' | 'global'> = {
  product: 'pa',
  order_us: 'us',
  order_global: 'global',
};

/** parentOrderStatus (contracts §2f): 1 PENDING, 2 UN_SHIPPING, 3 CANCELED, 4 SHIPPED, 5 RECEIPTED, 41/51 partial. */
const STATE_OF: Record<number, MarketOrderState> = {
  1: 'other',
  2: 'awaiting_shipment',
  41: 'awaiting_shipment',
  3: 'cancelled',
  4: 'shipped',
  51: 'shipped',
  5: 'delivered',
};

const isTemuSlot = (slot: TokenSlot): slot is TemuSlot => (TEMU_SLOTS as readonly string[]).includes(slot);

/** Temu semi-managed, through the `bg.*` routers (contracts §2). */
export class TemuAdapter implements MarketplaceAdapter {
  readonly marketplace = 'temu' as const;
  readonly tokenSlots: readonly TokenSlot[] = TEMU_SLOTS;
  readonly isSandbox: boolean;

  constructor(private readonly options: TemuAdapterOptions) {
    this.isSandbox = options.sandbox;
  }

  authorisationUrl({ state, slot }: { state: string; slot: TokenSlot }): string {
    if (!isTemuSlot(slot)) throw new Error(`Temu has no ${slot} authorisation`);
    // ⚠ Temu's callback is documented as `redirect_url?code=…`: the state rides in the redirect URL
    // itself as well, so it comes back whether or not Temu echoes a `state` parameter.
    const back = new URL(this.options.redirectUrl);
    back.searchParams.set('state', state);
    const url = new URL(this.options.authorizeUrls[slot]);
    url.searchParams.set('app_key', this.options.appKey);
    url.searchParams.set('state', state);
    url.searchParams.set('redirect_url', back.toString());
    return url.toString();
  }

  /** One signed router call with a slot's token; returns the envelope's `result`. */
  private async call(
    slot: TemuSlot,
    token: string,
    type: string,
    params: Json = {},
    policy: CallPolicy = this.options.policy,
  ): Promise<Json> {
    const gateway = this.options.gateways[GATEWAY_OF[slot]];
    return callVendor(policy, {
      marketplace: 'temu',
      operation: type,
      rateKey: `temu:${this.options.appKey}`,
      perSecond: this.options.ratePerSecond ?? 20,
      send: (signal) => {
        const body = temuBody({
          ...params,
          type,
          app_key: this.options.appKey,
          access_token: token,
          timestamp: Math.floor(Date.now() / 1000),
          data_type: 'JSON',
        });
        const signed = { ...body, sign: temuSign(this.options.appSecret, body) };
        return fetchRaw(
          this.options.policy,
          gateway,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signed) },
          signal,
        );
      },
      read: readTemuEnvelope,
    });
  }

  private tokenOf(access: ShopAccess, slot: TemuSlot): string {
    const token = access.tokens[slot];
    if (!token)
      throw new MarketplaceError('auth_expired', `the shop has no ${slot} authorisation`, {
        marketplace: 'temu',
      });
    return token;
  }

  /** The order slot a shop is authorised for: US first, then global. */
  private orderSlot(access: ShopAccess): TemuSlot {
    if (access.tokens.order_us) return 'order_us';
    if (access.tokens.order_global) return 'order_global';
    throw new MarketplaceError('auth_expired', 'the shop has no order authorisation', {
      marketplace: 'temu',
    });
  }

  private grantOf(slot: TemuSlot, accessToken: string, result: Json): TokenGrant {
    const expires = fromUnix(result.expiredTime);
    const mallId = str(result.mallId);
    if (!expires || !mallId)
      throw new MarketplaceError('vendor_down', 'token answer without mallId or expiredTime', {
        marketplace: 'temu',
      });
    return {
      slot,
      accessToken,
      accessExpiresAt: expires,
      refreshToken: null,
      refreshExpiresAt: null,
      sellerId: mallId,
      sellerName: null,
      region: str(result.regionId),
      scopes: arr(result.apiScopeList).map(String),
    };
  }

  async exchangeCode({ code, slot }: { code: string; slot: TokenSlot }): Promise<TokenGrant> {
    if (!isTemuSlot(slot)) throw new Error(`Temu has no ${slot} authorisation`);
    // On the first call the common access_token is the code itself (contracts §2e).
    const result = await this.call(slot, code, TEMU_TYPES.tokenCreate, { code });
    const token = str(result.accessToken);
    if (!token)
      throw new MarketplaceError('vendor_down', 'token answer without accessToken', { marketplace: 'temu' });
    return this.grantOf(slot, token, result);
  }

  /** Temu has no refresh token: re-read the token's expiry (it moves when the seller re-authorises). */
  async refresh({
    slot,
    accessToken,
  }: {
    slot: TokenSlot;
    accessToken: string;
    refreshToken: string | null;
  }): Promise<TokenGrant> {
    if (!isTemuSlot(slot)) throw new Error(`Temu has no ${slot} authorisation`);
    const result = await this.call(slot, accessToken, TEMU_TYPES.tokenInfo);
    return this.grantOf(slot, accessToken, result);
  }

  async listShops(access: ShopAccess): Promise<VendorShop[]> {
    const slot = TEMU_SLOTS.find((s) => access.tokens[s]);
    if (!slot)
      throw new MarketplaceError('auth_expired', 'the shop is not authorised', { marketplace: 'temu' });
    const result = await this.call(slot, access.tokens[slot]!, TEMU_TYPES.tokenInfo);
    const mallId = str(result.mallId) ?? '';
    return [
      {
        id: mallId,
        cipher: null,
        code: null,
        name: `Temu ${mallId}`,
        region: str(result.regionId),
        sellerType: str(result.mallType),
      },
    ];
  }

  async listWarehouses(access: ShopAccess): Promise<VendorWarehouse[]> {
    const slot = this.orderSlot(access);
    const result = await this.call(slot, this.tokenOf(access, slot), TEMU_TYPES.warehouses);
    return arr(result.warehouseList ?? result.list).map((w) => {
      const warehouse = obj(w);
      return {
        id: str(warehouse.warehouseId) ?? '',
        name: str(warehouse.warehouseName) ?? '',
        type: str(warehouse.warehouseType),
        isDefault: warehouse.isDefault === true,
        region: str(warehouse.regionName) ?? (slot === 'order_us' ? 'US' : null),
      };
    });
  }

  async searchOrders(access: ShopAccess, query: OrderQuery): Promise<OrderPage> {
    const slot = this.orderSlot(access);
    const codes = query.states
      ? Object.entries(STATE_OF)
          .filter(([, state]) => query.states!.includes(state))
          .map(([code]) => Number(code))
      : [];
    const seconds = (d: Date | undefined) => (d ? Math.floor(d.getTime() / 1000) : undefined);
    const now = Math.floor(Date.now() / 1000);
    const pageNumber = Number(query.cursor ?? 1) || 1;
    const pageSize = Math.min(query.pageSize ?? 20, 100);
    // Time ranges must be sent in pairs (contracts §2f).
    const created = query.createdFrom || query.createdTo;
    const updated = query.updatedFrom || query.updatedTo;
    const result = await this.call(slot, this.tokenOf(access, slot), TEMU_TYPES.orderList, {
      pageNumber,
      pageSize,
      parentOrderStatus: codes.length === 1 ? codes[0] : 0,
      createAfter: created ? (seconds(query.createdFrom) ?? 0) : undefined,
      createBefore: created ? (seconds(query.createdTo) ?? now) : undefined,
      updateAtStart: updated ? (seconds(query.updatedFrom) ?? 0) : undefined,
      updateAtEnd: updated ? (seconds(query.updatedTo) ?? now) : undefined,
    });
    let orders = arr(result.pageItems).map((item) => stripFlags(toOrder(obj(item))));
    if (query.states) orders = orders.filter((o) => query.states!.includes(o.state));
    const total = num(result.totalItemNum);
    const hasMore =
      total !== null ? pageNumber * pageSize < total : arr(result.pageItems).length === pageSize;
    return { orders, nextCursor: hasMore ? String(pageNumber + 1) : null, total };
  }

  async getOrders(access: ShopAccess, ids: string[]): Promise<MarketOrder[]> {
    const slot = this.orderSlot(access);
    const token = this.tokenOf(access, slot);
    const orders: ReadingOrder[] = [];
    for (let i = 0; i < ids.length; i += 20) {
      const chunk = ids.slice(i, i + 20);
      const result = await this.call(slot, token, TEMU_TYPES.orderList, {
        pageNumber: 1,
        pageSize: chunk.length,
        parentOrderStatus: 0,
        parentOrderSnList: chunk,
      });
      orders.push(...arr(result.pageItems).map((item) => toOrder(obj(item))));
    }
    for (const order of orders) {
      const info = await this.call(slot, token, TEMU_TYPES.shippingInfo, { parentOrderSn: order.id });
      order.address = toAddress(info);
    }
    // Buyer customisation, for the lines Temu labels customised, at most 10 order sns a call.
    const customised = orders.flatMap((o) => o.lines.filter((l) => l.isCustomised).flatMap((l) => l.lineIds));
    const byLine = new Map<string, Customisation[]>();
    for (let i = 0; i < customised.length; i += 10) {
      const result = await this.call(slot, token, TEMU_TYPES.customisation, {
        request: { orderSnList: customised.slice(i, i + 10) },
      });
      for (const entry of arr(result.list ?? result.customizationList)) {
        const e = obj(entry);
        const sn = str(e.orderSn);
        if (sn) byLine.set(sn, toCustomisation(e));
      }
    }
    for (const order of orders)
      for (const line of order.lines) line.customisation = line.lineIds.flatMap((id) => byLine.get(id) ?? []);
    return orders.map(stripFlags);
  }

  async confirmShipment(access: ShopAccess, shipment: ShipmentConfirmation): Promise<ShipmentResult> {
    const slot = this.orderSlot(access);
    // The order is read first (issue 21): one already shipped with this tracking number is left
    // alone, so a repeated push never confirms a second shipment.
    const [order] = await this.getOrders(access, [shipment.orderId]);
    if (!order)
      throw new MarketplaceError('invalid_request', `order ${shipment.orderId} not found`, {
        marketplace: 'temu',
      });
    if (order.state === 'shipped' || order.state === 'delivered') {
      if (order.trackingNumber === shipment.trackingNumber) return { packageIds: [], action: 'unchanged' };
      // ⚠ decision 0055: no call to change a confirmed shipment's tracking number was found.
      throw new MarketplaceError(
        'invalid_request',
        `order ${shipment.orderId} is already shipped with tracking number ${order.trackingNumber ?? '—'}`,
        { marketplace: 'temu' },
      );
    }
    const lines =
      shipment.lines ??
      order.lines.map((l) => ({
        lineIds: l.lineIds,
        skuId: l.skuId,
        productId: l.productId,
        quantity: l.quantity,
      }));
    const result = await this.call(slot, this.tokenOf(access, slot), TEMU_TYPES.shipmentConfirm, {
      sendType: 0,
      sendRequestList: [
        {
          carrierId: shipment.carrierId,
          trackingNumber: shipment.trackingNumber,
          orderSendInfoList: lines.map((l) => ({
            parentOrderSn: shipment.orderId,
            orderSn: l.lineIds[0],
            goodsId: l.productId,
            skuId: l.skuId,
            quantity: l.quantity,
          })),
        },
      ],
    });
    return { packageIds: arr(result.packageSnList).map(String), action: 'shipped' };
  }

  /** `bg.logistics.companies.get` (⚠ decision 0055: the list's field names are read tolerantly). */
  async listShippingProviders(access: ShopAccess): Promise<VendorShippingProvider[]> {
    const slot = this.orderSlot(access);
    const result = await this.call(slot, this.tokenOf(access, slot), TEMU_TYPES.carriers);
    const list = arr(result.list ?? result.logisticsCompanyList ?? result.shipLogisticsCompanyList);
    return list
      .map((raw) => {
        const c = obj(raw);
        const id = str(c.shipId) ?? str(c.carrierId) ?? str(c.id);
        return id ? { id, name: str(c.shipName) ?? str(c.carrierName) ?? str(c.name) ?? id } : null;
      })
      .filter((c): c is VendorShippingProvider => c !== null);
  }

  private goodsBody(listing: ListingInput): Json {
    const cats = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`cat${i + 1}Id`, i === 0 ? Number(listing.categoryId) || 0 : 0]),
    );
    return {
      ...cats,
      productName: listing.title,
      productI18nReqs: [{ language: 'en', productName: listing.title }],
      carouselImageUrls: listing.images,
      materialImgUrl: listing.images[0],
      productSkcReqs: [
        {
          previewImgUrls: listing.skcImages?.length ? listing.skcImages : listing.images.slice(0, 1),
          extCode: listing.externalId ?? undefined,
          productSkuReqs: listing.skus.map((sku) => ({
            thumbUrl: sku.imageUri ?? listing.images[0],
            productSkuSpecReqs: sku.attributes.map((a) => ({ parentSpecName: a.name, specName: a.value })),
            siteSupplierPrices: sku.sitePrices?.length
              ? sku.sitePrices.map((p) => ({ siteId: Number(p.siteId) || p.siteId, supplierPrice: p.amount }))
              : [{ siteId: 100, supplierPrice: sku.price.amount }],
            currencyType: sku.price.currency,
            productSkuStockQuantityReq: {
              warehouseStockQuantityReqs: [
                { warehouseId: sku.warehouseId, targetStockAvailable: sku.quantity },
              ],
            },
            // Weight in milligrams, volume in millimetres (contracts §2f).
            productSkuWhExtAttrReq: {
              productSkuWeightReq: { value: listing.packageWeight * 1000 },
              ...(listing.packageDimensions
                ? {
                    productSkuVolumeReq: {
                      len: listing.packageDimensions.length * 10,
                      width: listing.packageDimensions.width * 10,
                      height: listing.packageDimensions.height * 10,
                    },
                  }
                : {}),
            },
            extCode: sku.sellerSku,
          })),
        },
      ],
      productDescription: listing.description,
      ...listing.vendorFields,
    };
  }

  private listingResult(result: Json, fallbackId?: string): ListingResult {
    return {
      listingId: str(result.productId) ?? fallbackId ?? '',
      skcId: str(obj(arr(result.productSkcList)[0]).productSkcId),
      skus: arr(result.productSkuList).map((s) => ({
        sellerSku: str(obj(s).extCode),
        skuId: str(obj(s).productSkuId) ?? '',
      })),
      warnings: [],
    };
  }

  /** The listing whose SKC carries this ext code, if the mall has one (⚠ decision 0046). */
  private async findByExtCode(token: string, extCode: string): Promise<ListingResult | null> {
    const result = await this.call('product', token, TEMU_TYPES.goodsList, {
      page: 1,
      pageSize: 10,
      skcExtCode: extCode,
    });
    const found = arr(result.data)
      .map(obj)
      .find((g) => str(g.skcExtCode) === extCode);
    if (!found) return null;
    return {
      listingId: str(found.productId) ?? '',
      skcId: str(found.productSkcId),
      skus: arr(found.productSkuSummaries).map((s) => ({
        sellerSku: str(obj(s).extCode),
        skuId: str(obj(s).productSkuId) ?? '',
      })),
      warnings: [],
    };
  }

  /**
   * Adds a listing, idempotently: Temu has no idempotency key, so the SKC's ext code is looked up
   * first, and the add itself is not retried blindly (an answer lost after the add would make a
   * second product): a retryable failure looks the ext code up again before adding again.
   */
  async createListing(access: ShopAccess, listing: ListingInput): Promise<ListingResult> {
    const token = this.tokenOf(access, 'product');
    const extCode = listing.externalId;
    const once = { ...this.options.policy, retries: 0 };
    for (let attempt = 0; ; attempt++) {
      if (extCode) {
        const existing = await this.findByExtCode(token, extCode);
        if (existing) return existing;
      }
      try {
        return this.listingResult(
          await this.call('product', token, TEMU_TYPES.goodsAdd, this.goodsBody(listing), once),
        );
      } catch (error) {
        if (
          !(error instanceof MarketplaceError) ||
          !error.isRetryable ||
          attempt >= this.options.policy.retries
        )
          throw error;
        await (this.options.policy.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms))))(
          backoffDelay(attempt + 1, this.options.policy, error.details.retryAfterMs),
        );
      }
    }
  }

  async updateListing(access: ShopAccess, listingId: string, listing: ListingInput): Promise<ListingResult> {
    const result = await this.call('product', this.tokenOf(access, 'product'), TEMU_TYPES.goodsUpdate, {
      productId: Number(listingId) || listingId,
      ...this.goodsBody(listing),
    });
    return this.listingResult(result, listingId);
  }

  /** ⚠ Temu's category rules are not in the contracts: none are checked before publishing. */
  categoryRules(): Promise<CategoryRules | null> {
    return Promise.resolve(null);
  }

  async deactivateListings(access: ShopAccess, listingIds: string[]): Promise<void> {
    await this.call('product', this.tokenOf(access, 'product'), TEMU_TYPES.goodsSaleStatus, {
      productIdList: listingIds.map((id) => Number(id) || id),
      onSale: 0,
    });
  }

  async uploadImage(
    access: ShopAccess,
    image: { data: Buffer; fileName: string; contentType: string; use: ImageUse },
  ): Promise<UploadedImage> {
    const result = await this.call('product', this.tokenOf(access, 'product'), TEMU_TYPES.imageUpload, {
      image: `data:${image.contentType};base64,${image.data.toString('base64')}`,
      options: { sizeMode: image.use === 'main' ? (this.options.mainImageSizeMode ?? 2) : 0 },
    });
    const url = str(result.url) ?? str(result.imageUrl) ?? '';
    return { ref: url, url, width: num(result.width), height: num(result.height) };
  }

  /** ⚠ decision 0030: `x-tm-*` headers, HMAC-SHA256, timestamp within ±300 s, our app key. */
  verifyWebhook(delivery: WebhookDelivery, now = new Date()): WebhookEvent | null {
    const h = delivery.headers;
    const appKey = h['x-tm-app-key'];
    const eventCode = h['x-tm-event-code'];
    const timestamp = h['x-tm-timestamp'];
    if (appKey !== this.options.appKey || !eventCode || !timestamp) return null;
    if (!Number.isFinite(Number(timestamp)) || Math.abs(Number(timestamp) - now.getTime() / 1000) > 300)
      return null;
    const parts = { appKey, eventCode, timestamp, rawBody: delivery.rawBody };
    if (!verifyTemuWebhook(this.options.appSecret, parts, h['x-tm-signature'])) return null;
    let body: Json;
    try {
      body = obj(JSON.parse(delivery.rawBody));
    } catch {
      return null;
    }
    return {
      eventId:
        str(body.msgId) ?? createHash('sha256').update(`${eventCode}:${delivery.rawBody}`).digest('hex'),
      vendorShopId: str(body.mallId),
      type: eventCode,
      kind: eventCode === 'bg_order_status_change_event' ? 'order_status' : 'other',
      occurredAt: fromUnix(body.timestamp) ?? fromUnix(Number(timestamp)) ?? now,
      data: obj(body.data),
    };
  }
}

/** A line while it is being read: whether Temu labels it customised. */
type ReadingLine = MarketOrderLine & { isCustomised?: boolean };
type ReadingOrder = Omit<MarketOrder, 'lines'> & { lines: ReadingLine[] };

function stripFlags(order: ReadingOrder): MarketOrder {
  return {
    ...order,
    lines: order.lines.map((line) => {
      const { isCustomised: _drop, ...rest } = line;
      return rest;
    }),
  };
}

function toOrder(item: Json): ReadingOrder {
  const parent = obj(item.parentOrderMap);
  const status = num(parent.parentOrderStatus) ?? 0;
  const lines: ReadingLine[] = arr(item.orderList).map((raw) => {
    const o = obj(raw);
    const product = obj(arr(o.productList)[0]);
    return {
      lineIds: [str(o.orderSn) ?? ''],
      productId: str(o.goodsId),
      skuId: str(o.skuId) ?? '',
      sellerSku: str(product.extCode),
      productName: str(o.goodsName) ?? '',
      skuName: str(o.spec),
      imageUrl: str(o.thumbUrl),
      quantity: num(o.quantity) ?? 1,
      unitPrice: null,
      packageId: null,
      customisation: [],
      isCustomised: arr(o.orderLabel).some(
        (l) => str(obj(l).name) === 'customized_products' && num(obj(l).value) === 1,
      ),
    };
  });
  return {
    id: str(parent.parentOrderSn) ?? '',
    vendorStatus: String(status),
    state: STATE_OF[status] ?? 'other',
    createdAt: fromUnix(parent.parentOrderTime) ?? new Date(0),
    updatedAt: fromUnix(parent.updateTime),
    paidAt: fromUnix(parent.parentOrderTime),
    shipBy: fromUnix(parent.expectShipLatestTime),
    buyerMessage: null,
    total: null,
    shippingFee: null,
    address: null,
    lines,
    // ⚠ decision 0055: a shipped line's packages as `packageSnInfo[{packageSn, trackingNumber}]`.
    trackingNumber:
      arr(item.orderList)
        .flatMap((raw) => arr(obj(raw).packageSnInfo))
        .map((p) => str(obj(p).trackingNumber))
        .find(Boolean) ?? null,
  };
}

function toAddress(info: Json): MarketAddress | null {
  if (!Object.keys(info).length) return null;
  const extra = obj(info.addressExtra);
  return {
    name: str(info.receiptName) ?? [str(extra.firstName), str(extra.lastName)].filter(Boolean).join(' '),
    phone: str(info.mobile),
    country: str(info.regionName1),
    province: str(info.regionName2),
    city: str(info.regionName3),
    district: str(info.regionName4),
    address1: str(info.addressLine1) ?? str(info.addressLineAll) ?? '',
    address2: [str(info.addressLine2), str(info.addressLine3)].filter(Boolean).join(' ') || null,
    postcode: str(info.postCode),
  };
}

/**
 * `bg.order.customization.get` entries (linkfox-skills reference): type 1 is plain text
 * (`customizedText`); type 2 carries `previewList` items — 1 overall preview, 3 the buyer's
 * uploaded image, 4 a customised text of an area.
 */
function toCustomisation(entry: Json): Customisation[] {
  if (num(entry.customizedType) === 1) {
    const text = str(entry.customizedText);
    return text ? [{ kind: 'text', value: text, label: null, previewUrl: null }] : [];
  }
  const previews = arr(entry.previewList).map(obj);
  const overall = previews.find((p) => num(p.previewType) === 1);
  const previewUrl = overall ? str(overall.imageUrl) : null;
  const out: Customisation[] = [];
  for (const p of previews) {
    const type = num(p.previewType);
    if (type === 3 && str(p.imageUrl))
      out.push({ kind: 'image', value: str(p.imageUrl)!, label: str(p.customizedAreaId), previewUrl });
    if (type === 4 && str(p.customizedText))
      out.push({ kind: 'text', value: str(p.customizedText)!, label: str(p.customizedAreaId), previewUrl });
  }
  return out;
}
