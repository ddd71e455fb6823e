import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  MisbehaviourSwitches,
  SandboxServer,
  SignedCredentials,
  deliverWebhook,
  digitsOf,
  escapeHtml,
  httpWebhookSender,
  prohibitedWordIn,
  redirect,
  seededRandom,
  sendHtml,
  sendJson,
  tinyPng,
  type Misbehaviour,
  type SentWebhook,
  type WebhookSender,
} from '../marketplace/sandbox-kit.ts';
import { arr, num, obj, str, type Json } from '../marketplace/read.ts';
import { sameSignature } from '../marketplace/signature.ts';
import { tiktokSign, tiktokWebhookSignature } from './tiktok-sign.ts';

/*
 * A local stand-in for TikTok Shop (Partner API 202309), issue 18. It checks every request the way
 * the contracts file says TikTok does (app key, timestamp within ±300 s, HMAC-SHA256 signature over
 * path, query and raw body, the access token, the shop cipher) and refuses bad ones in TikTok's
 * envelope; runs the authorisation page; issues and expires tokens; holds seeded shops, warehouses
 * and orders per seller; accepts shipments, listings and images; and sends signed webhooks.
 *
 * ⚠ Error codes TikTok does not document (invalid signature, timestamp, rate limit, server error,
 * bad auth code) are the sandbox's own choice, listed in SANDBOX_CODES (decision 0030).
 */

export const SANDBOX_CODES = {
  invalidSignature: 106001,
  invalidTimestamp: 106002,
  invalidAppKey: 106003,
  invalidShopCipher: 106004,
  invalidToken: 105001,
  tokenExpired: 105002,
  noAuthRecord: 36004005,
  refreshExpired: 36004001,
  invalidAuthCode: 36004002,
  rateLimited: 1429001,
  serverError: 1500001,
  invalidParam: 12052000,
  notFound: 21001001,
  /** ⚠ a listing the review refused (the code is the sandbox's). */
  listingRefused: 12052230,
} as const;

/**
 * The sandbox's categories and what each requires (issue 23): 600001 T-shirts need nothing more;
 * 600002 dresses need the Material attribute, a size chart and a white first image.
 */
export const CATEGORY_RULES: Record<
  string,
  { required: Array<{ id: string; name: string }>; sizeChart: boolean; whiteBackground: boolean }
> = {
  '600001': { required: [], sizeChart: false, whiteBackground: false },
  '600002': { required: [{ id: '100347', name: 'Material' }], sizeChart: true, whiteBackground: true },
};

export interface TikTokSandboxOptions {
  appKey: string;
  appSecret: string;
  serviceId: string;
  /** The app's registered redirect URL (the platform's tkRedirect page). */
  redirectUrl: string;
  /** Where webhooks go when a shop registered none (the platform's webhook endpoint). */
  webhookUrl?: string;
  sendWebhook?: WebhookSender;
  /** Token lifetimes in seconds (TikTok's samples: about 7 days and 365 days). */
  accessTokenSeconds?: number;
  refreshTokenSeconds?: number;
  /** Signs the sandbox's tokens; defaults to one derived from the app secret (stable across restarts). */
  tokenKey?: string;
}

interface SandboxShop {
  id: string;
  cipher: string;
  code: string;
  name: string;
  region: string;
  sellerType: string;
  currency: string;
  warehouses: Json[];
  orders: Map<string, Json>;
  products: Map<string, Json>;
  /** idempotency_key → product id of creates. */
  idempotency: Map<string, string>;
  webhooks: Map<string, string>;
}

interface SandboxSeller {
  login: string;
  openId: string;
  name: string;
  region: string;
  shops: SandboxShop[];
}

const ACCESS_PREFIX = 'TTS_AT_';
const REFRESH_PREFIX = 'TTS_RT_';
const CODE_PREFIX = 'TTS_CODE_';

/** Paths without `shop_cipher` (the same list the adapter follows). */
function isShopScoped(method: string, path: string): boolean {
  if (/^\/(authorization|seller)\//.test(path)) return false;
  if (/^\/product\/\d+\/(compliance|global_products|files\/upload|images\/upload)/.test(path)) return false;
  if (method === 'POST' && /^\/product\/\d+\/brands$/.test(path)) return false;
  return true;
}

/**
 * The sandbox's carriers (issue 21): every sales warehouse offers two delivery options, each with
 * its shipping providers (contracts §1c). Ids are the sandbox's own.
 */
export const SHIPPING_PROVIDERS = [
  { id: '6617675021119438849', name: 'USPS' },
  { id: '6617675021119438850', name: 'UPS' },
  { id: '6617675021119438851', name: 'FedEx' },
  { id: '7117858858072016686', name: 'YunExpress' },
  { id: '7117858858072016687', name: '4PX' },
] as const;
const DELIVERY_OPTIONS = [
  { id: '7091146663229654785', name: 'Standard shipping', providers: [0, 1, 2] },
  { id: '7091146663229654786', name: 'Economy shipping', providers: [0, 3, 4] },
];

/** A shipment the sandbox received (issue 21): tests count them, a repeat must not add one. */
export interface ReceivedShipment {
  kind: 'ship' | 'update';
  orderId: string;
  packageId: string;
  trackingNumber: string;
  providerId: string;
}

const CUSTOM_TEXTS = ['Happy Birthday Alice', 'Team Rocket #7', 'Love you, Mum', '王小明 2025'];
const PRODUCTS = [
  { name: 'Custom Photo T-Shirt', sku: 'TS-WHT-M', skuName: 'White, M', price: '19.99' },
  { name: 'Personalised Mug', sku: 'MUG-11OZ', skuName: '11oz', price: '12.50' },
  { name: 'Custom Hoodie', sku: 'HD-BLK-L', skuName: 'Black, L', price: '34.00' },
];
const STATUSES = [
  'AWAITING_SHIPMENT',
  'AWAITING_SHIPMENT',
  'AWAITING_SHIPMENT',
  'UNPAID',
  'IN_TRANSIT',
  'CANCELLED',
];

/** TikTok Shop, locally. Start it, point the adapter's hosts at `url`, and authorise a seller. */
export class TikTokSandbox {
  readonly switches = new MisbehaviourSwitches();
  /** Every webhook sent (or dropped), in order. */
  readonly webhooks: SentWebhook[] = [];
  /** Every package ship and shipping info update accepted, in order. */
  readonly shipments: ReceivedShipment[] = [];
  private readonly server: SandboxServer;
  private readonly credentials: SignedCredentials;
  private readonly sellers = new Map<string, SandboxSeller>();
  /** Tokens issued before this time (ms) for a seller's open_id are expired / revoked. */
  private readonly expiredBefore = new Map<string, number>();
  private readonly refreshExpiredBefore = new Map<string, number>();
  private readonly deauthorised = new Set<string>();
  private readonly spentCodes = new Set<string>();
  private codesExpiredBefore = 0;
  private readonly images = new Map<string, Buffer>();
  private readonly startedAt = Date.now();

  constructor(private readonly options: TikTokSandboxOptions) {
    this.server = new SandboxServer('TikTok Shop', (req, res, body) => this.handle(req, res, body));
    this.credentials = new SignedCredentials(
      options.tokenKey ?? createHash('sha256').update(`tiktok-sandbox:${options.appSecret}`).digest('hex'),
    );
  }

  get url(): string {
    return this.server.url;
  }

  start(port = 0, host = '127.0.0.1'): Promise<string> {
    return this.server.start(port, host);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  // ---- Test and demo controls --------------------------------------------------------------

  /** Misbehave for the next requests: 429s, 5xx, dropped webhooks. */
  misbehave(switches: Misbehaviour): void {
    this.switches.set(switches);
  }

  /** Expires every access token issued so far (of one seller, or all): calls answer 105002. */
  expireAccessTokens(login?: string): void {
    for (const seller of login ? [this.seller(login)] : this.sellers.values())
      this.expiredBefore.set(seller.openId, Date.now() + 1);
  }

  /** Expires refresh tokens issued so far: refresh answers 36004001 "rt has expired". */
  expireRefreshTokens(login?: string): void {
    for (const seller of login ? [this.seller(login)] : this.sellers.values())
      this.refreshExpiredBefore.set(seller.openId, Date.now() + 1);
  }

  /** Every authorisation code issued so far is expired. */
  expireCodes(): void {
    this.codesExpiredBefore = Date.now() + 1;
  }

  /** A seller (made on first use, with seeded shops, warehouses and orders). */
  seller(login: string): SandboxSeller {
    let seller = this.sellers.get(login);
    if (!seller) {
      seller = this.seed(login);
      this.sellers.set(login, seller);
    }
    return seller;
  }

  /** The seller that holds an order, its shop and the order. */
  findOrder(orderId: string): { seller: SandboxSeller; shop: SandboxShop; order: Json } | null {
    for (const seller of this.sellers.values())
      for (const shop of seller.shops) {
        const order = shop.orders.get(orderId);
        if (order) return { seller, shop, order };
      }
    return null;
  }

  /**
   * A buyer orders one SKU of a seller's product (one the platform published, say): a new paid
   * order awaiting shipment, shaped like the seeded ones, that order search finds from now on.
   * Sends no webhook (the caller syncs when it means to); placed five minutes ago by default, so
   * a poll's window (which ends a webhook grace before now) covers it. Returns the order id.
   */
  placeOrder(
    login: string,
    skuId: string,
    quantity = 1,
    placedAt = new Date(Date.now() - 5 * 60_000),
  ): string {
    for (const shop of this.seller(login).shops)
      for (const product of shop.products.values()) {
        const index = arr(product.skus).findIndex((s) => str(obj(s).id) === skuId);
        if (index < 0) continue;
        const sku = obj(arr(product.skus)[index]);
        const price = str(obj(sku.price).amount) ?? '10.00';
        const seeded = [...shop.orders.values()][0]!;
        const orderId = `57${digitsOf(`placed:${shop.id}:${skuId}:${randomBytes(4).toString('hex')}`, 16)}`;
        const packageId = `11${digitsOf(`pkg:${orderId}`, 16)}`;
        const created = Math.floor(placedAt.getTime() / 1000);
        const subtotal = (Number(price) * quantity).toFixed(2);
        shop.orders.set(orderId, {
          ...structuredClone(seeded),
          id: orderId,
          status: 'AWAITING_SHIPMENT',
          create_time: created,
          update_time: created,
          paid_time: created,
          rts_sla_time: created + 3 * 86400,
          buyer_message: '',
          tracking_number: '',
          packages: [{ id: packageId }],
          payment: {
            ...obj(seeded.payment),
            sub_total: subtotal,
            total_amount: (Number(subtotal) + 4.99).toFixed(2),
            original_total_product_price: subtotal,
          },
          line_items: Array.from({ length: quantity }, (_, u) => ({
            id: `${orderId}${u}`,
            sku_id: skuId,
            seller_sku: str(sku.seller_sku) ?? '',
            product_id: str(product.id),
            product_name: str(product.title) ?? '',
            sku_name: str(sku.seller_sku) ?? '',
            sku_image: `${this.server.url || 'http://127.0.0.1'}/images/sku-0.png`,
            original_price: price,
            sale_price: price,
            currency: shop.currency,
            display_status: 'AWAITING_SHIPMENT',
            package_id: packageId,
            is_gift: false,
            sku_type: 'NORMAL',
          })),
        });
        return orderId;
      }
    throw new Error(`no SKU ${skuId} in ${login}'s shops`);
  }

  /** Changes an order's status and sends the ORDER_STATUS_CHANGE webhook (type 1). */
  async setOrderStatus(orderId: string, status: string): Promise<SentWebhook | null> {
    const found = this.findOrder(orderId);
    if (!found) throw new Error(`no order ${orderId}`);
    const now = Math.floor(Date.now() / 1000);
    found.order.status = status;
    found.order.update_time = now;
    return this.notify(found.shop, 1, {
      order_id: orderId,
      order_status: status,
      is_on_hold_order: false,
      update_time: now,
    });
  }

  /** Sends UPCOMING_AUTHORIZATION_EXPIRATION (type 7) for each of the seller's shops. */
  async notifyAuthorisationExpiring(login: string, expiresAt: Date): Promise<Array<SentWebhook | null>> {
    const seller = this.seller(login);
    return Promise.all(
      seller.shops.map((shop) =>
        this.notify(shop, 7, {
          message: 'The authorization will expire soon, please re-authorize.',
          expiration_time: Math.floor(expiresAt.getTime() / 1000),
        }),
      ),
    );
  }

  /** The seller revokes the app: tokens stop working and SELLER_DEAUTHORIZATION (type 6) is sent. */
  async deauthorise(login: string): Promise<Array<SentWebhook | null>> {
    const seller = this.seller(login);
    this.deauthorised.add(seller.openId);
    return Promise.all(
      seller.shops.map((shop) => this.notify(shop, 6, { message: 'The seller deauthorized the app.' })),
    );
  }

  /** Signs and sends a webhook for a shop (to its registered address, else the configured one). */
  async notify(shop: SandboxShop, type: number, data: Json): Promise<SentWebhook | null> {
    const url = shop.webhooks.get(String(type)) ?? shop.webhooks.get('*') ?? this.options.webhookUrl;
    if (!url) return null;
    const body = JSON.stringify({
      type,
      tts_notification_id: randomBytes(8).toString('hex'),
      shop_id: shop.id,
      timestamp: Math.floor(Date.now() / 1000),
      data,
    });
    return deliverWebhook(this.options.sendWebhook ?? httpWebhookSender, this.switches, this.webhooks, {
      url,
      body,
      headers: { authorization: tiktokWebhookSignature(this.options.appKey, this.options.appSecret, body) },
    });
  }

  /** An authorisation code for a seller, as the authorise page would redirect with. */
  issueCode(login: string): string {
    return this.credentials.mint(CODE_PREFIX, { s: login, i: Date.now(), e: Date.now() + 10 * 60_000 });
  }

  // ---- Seeded data -------------------------------------------------------------------------

  private seed(login: string): SandboxSeller {
    const random = seededRandom(`tiktok:${login}`);
    const openId = `ttsopen${digitsOf(`open:${login}`, 12)}`;
    const regions = [
      { region: 'US', currency: 'USD', state: 'California', city: 'Los Angeles', zip: '90001' },
      { region: 'GB', currency: 'GBP', state: 'England', city: 'London', zip: 'SW1A 1AA' },
    ];
    const shops = regions.map((r, index): SandboxShop => {
      const id = `7${digitsOf(`shop:${login}:${r.region}`, 18)}`;
      const shop: SandboxShop = {
        id,
        cipher: `ROW_${createHash('sha256').update(`cipher:${id}`).digest('base64url').slice(0, 28)}`,
        code: `${r.region}LC${digitsOf(`code:${id}`, 6)}`,
        name: `${login} ${r.region} shop`,
        region: r.region,
        sellerType: index === 0 ? 'CROSS_BORDER' : 'LOCAL',
        currency: r.currency,
        warehouses: [
          {
            id: digitsOf(`wh1:${id}`, 19),
            name: `${r.city} Sales Warehouse`,
            effect_status: 'ENABLED',
            type: 'SALES_WAREHOUSE',
            sub_type: 'DOMESTIC_WAREHOUSE',
            is_default: true,
            address: { region_code: r.region, city: r.city, postal_code: r.zip },
          },
          {
            id: digitsOf(`wh2:${id}`, 19),
            name: 'Shenzhen Cross-border Warehouse',
            effect_status: 'ENABLED',
            type: 'SALES_WAREHOUSE',
            sub_type: 'CB_OVERSEA_WAREHOUSE',
            is_default: false,
            address: { region_code: 'CN', city: 'Shenzhen', postal_code: '518000' },
          },
          {
            id: digitsOf(`wh3:${id}`, 19),
            name: `${r.city} Returns`,
            effect_status: 'ENABLED',
            type: 'RETURN_WAREHOUSE',
            sub_type: 'DOMESTIC_WAREHOUSE',
            is_default: false,
            address: { region_code: r.region, city: r.city, postal_code: r.zip },
          },
        ],
        orders: new Map(),
        products: new Map(),
        idempotency: new Map(),
        webhooks: new Map(),
      };
      // The seller's live products: what the seeded orders were bought from.
      for (const product of PRODUCTS) {
        const productId = digitsOf(`product:${product.name}`, 19);
        shop.products.set(productId, {
          id: productId,
          title: product.name,
          status: 'ACTIVATE',
          skus: [
            {
              id: digitsOf(`sku:${product.sku}`, 19),
              seller_sku: product.sku,
              price: { amount: product.price, currency: r.currency },
              inventory: [{ warehouse_id: String(shop.warehouses[0]!.id), quantity: 100 }],
            },
          ],
        });
      }
      const base = Math.floor(this.startedAt / 1000);
      STATUSES.forEach((status, i) => {
        const orderId = `57${digitsOf(`order:${id}:${i}`, 16)}`;
        const packageId = `11${digitsOf(`pkg:${orderId}`, 16)}`;
        const product = PRODUCTS[i % PRODUCTS.length]!;
        const units = 1 + Math.floor(random() * 2);
        const isCustomised = i % 2 === 0;
        const created = base - (i + 1) * 3600;
        const subtotal = (Number(product.price) * units).toFixed(2);
        const items = Array.from({ length: units }, (_, u) => ({
          id: `${orderId}${u}`,
          sku_id: digitsOf(`sku:${product.sku}`, 19),
          seller_sku: product.sku,
          product_id: digitsOf(`product:${product.name}`, 19),
          product_name: product.name,
          sku_name: product.skuName,
          sku_image: `${this.server.url || 'http://127.0.0.1'}/images/sku-${i % PRODUCTS.length}.png`,
          original_price: product.price,
          sale_price: product.price,
          currency: r.currency,
          display_status: status,
          package_id: packageId,
          is_gift: false,
          sku_type: 'NORMAL',
        }));
        shop.orders.set(orderId, {
          id: orderId,
          status,
          create_time: created,
          update_time: created + 60,
          paid_time: status === 'UNPAID' ? 0 : created + 30,
          rts_sla_time: created + 3 * 86400,
          buyer_message: isCustomised ? `Custom text: ${CUSTOM_TEXTS[i % CUSTOM_TEXTS.length]}` : '',
          buyer_email: `buyer${i}@scs.tiktokw.us`,
          user_id: digitsOf(`buyer:${orderId}`, 19),
          fulfillment_type: 'FULFILLMENT_BY_SELLER',
          shipping_type: 'SELLER',
          warehouse_id: String(shop.warehouses[0]!.id),
          tracking_number: status === 'IN_TRANSIT' ? `9400${digitsOf(`trk:${orderId}`, 18)}` : '',
          is_on_hold_order: false,
          is_cod: false,
          packages: [{ id: packageId }],
          payment: {
            currency: r.currency,
            sub_total: subtotal,
            shipping_fee: '4.99',
            seller_discount: '0',
            platform_discount: '0',
            tax: '0',
            total_amount: (Number(subtotal) + 4.99).toFixed(2),
            original_total_product_price: subtotal,
          },
          recipient_address: {
            name: `Buyer ${i + 1}`,
            first_name: 'Buyer',
            last_name: String(i + 1),
            phone_number: '(+1)213*****67',
            full_address: `${100 + i} Main St, ${r.city}, ${r.state}, ${r.zip}`,
            address_line1: `${100 + i} Main St`,
            address_line2: i % 3 === 0 ? `Apt ${i + 2}` : '',
            address_detail: '',
            postal_code: r.zip,
            region_code: r.region,
            district_info: [
              {
                address_level: 'L0',
                address_level_name: 'Country',
                address_name: r.region === 'US' ? 'United States' : 'United Kingdom',
              },
              { address_level: 'L1', address_level_name: 'State', address_name: r.state },
              { address_level: 'L3', address_level_name: 'City', address_name: r.city },
            ],
          },
          line_items: items,
        });
      });
      return shop;
    });
    return { login, openId, name: login, region: regions[0]!.region, shops };
  }

  // ---- HTTP --------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/health') return sendJson(res, 200, { ok: true });
    if (path === '/open/authorize' || path === '/oauth/authorize') {
      return method === 'POST'
        ? this.authorise(new URLSearchParams(body.toString('utf8')), res)
        : this.authorisePage(url, res);
    }
    if (path.startsWith('/images/')) {
      const image = this.images.get(path.slice('/images/'.length)) ?? tinyPng([200, 80, 120]);
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(image);
      return;
    }
    if (path.startsWith('/__sandbox/')) return this.control(method, path, body, res);
    if (this.switches.take('rateLimit'))
      return this.error(res, 429, SANDBOX_CODES.rateLimited, 'Too many requests, please retry later');
    if (this.switches.take('serverError'))
      return this.error(res, 500, SANDBOX_CODES.serverError, 'Internal error, please retry later');
    if (path === '/api/v2/token/get' && method === 'GET') return this.tokenGet(url, res);
    if (path === '/api/v2/token/refresh' && method === 'GET') return this.tokenRefresh(url, res);
    return this.api(req, method, url, body, res);
  }

  private error(res: ServerResponse, status: number, code: number, message: string): void {
    sendJson(res, status, { code, message, request_id: randomBytes(8).toString('hex'), data: null });
  }

  private ok(res: ServerResponse, data: unknown): void {
    sendJson(res, 200, { code: 0, message: 'Success', request_id: randomBytes(8).toString('hex'), data });
  }

  private authorisePage(url: URL, res: ServerResponse): void {
    const serviceId = url.searchParams.get('service_id');
    const appKey = url.searchParams.get('app_key');
    const state = url.searchParams.get('state') ?? '';
    const known =
      (serviceId && serviceId === this.options.serviceId) || (appKey && appKey === this.options.appKey);
    if (!known) return sendHtml(res, 400, '<!doctype html><p>Unknown app (service_id / app_key).</p>');
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TikTok Shop sandbox · authorise</title>
<style>body{font-family:sans-serif;max-width:460px;margin:60px auto;color:#222}input{padding:6px;width:100%;box-sizing:border-box}
button{padding:10px 24px;margin:16px 8px 0 0;font-size:16px}</style></head>
<body><h1>TikTok Shop sandbox · 店铺授权</h1>
<p>App <code data-testid="app">${escapeHtml(this.options.serviceId || this.options.appKey)}</code> asks to manage your shop's orders, products and fulfilment.</p>
<form method="post" action="/open/authorize">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label>Seller account 卖家账号<br><input name="seller" value="demo-seller" data-testid="seller" maxlength="40"></label>
<button name="action" value="authorise" data-testid="authorise">Authorise 授权</button>
<button name="action" value="cancel" data-testid="cancel">Cancel 取消</button>
</form><p><small>Local sandbox: no real TikTok Shop account is involved. 本地沙箱。</small></p></body></html>`,
    );
  }

  private authorise(form: URLSearchParams, res: ServerResponse): void {
    const back = new URL(this.options.redirectUrl);
    const state = form.get('state') ?? '';
    if (form.get('action') !== 'authorise') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', state);
      return redirect(res, back.toString());
    }
    const login = (form.get('seller') ?? '').trim() || 'demo-seller';
    const seller = this.seller(login.slice(0, 40));
    back.searchParams.set('code', this.issueCode(seller.login));
    back.searchParams.set('state', state);
    // ⚠ contracts §1a: extra parameters may come back too; the platform must ignore them.
    back.searchParams.set('locale', 'en');
    back.searchParams.set('shop_region', seller.region);
    redirect(res, back.toString());
  }

  private grant(seller: SandboxSeller): Json {
    const now = Date.now();
    const accessExpires = Math.floor(now / 1000) + (this.options.accessTokenSeconds ?? 7 * 86400);
    const refreshExpires = Math.floor(now / 1000) + (this.options.refreshTokenSeconds ?? 365 * 86400);
    return {
      access_token: this.credentials.mint(ACCESS_PREFIX, { s: seller.login, i: now, e: accessExpires }),
      access_token_expire_in: accessExpires,
      refresh_token: this.credentials.mint(REFRESH_PREFIX, { s: seller.login, i: now, e: refreshExpires }),
      refresh_token_expire_in: refreshExpires,
      open_id: seller.openId,
      seller_name: seller.name,
      seller_base_region: seller.region,
      user_type: 0,
      granted_scopes: [
        'seller.authorization.info',
        'seller.order.info',
        'seller.fulfillment.basic',
        'seller.product.basic',
        'seller.logistics',
      ],
    };
  }

  private appChecks(url: URL, res: ServerResponse): boolean {
    if (
      url.searchParams.get('app_key') !== this.options.appKey ||
      url.searchParams.get('app_secret') !== this.options.appSecret
    ) {
      this.error(res, 401, SANDBOX_CODES.invalidAppKey, 'invalid app_key or app_secret');
      return false;
    }
    return true;
  }

  private tokenGet(url: URL, res: ServerResponse): void {
    if (!this.appChecks(url, res)) return;
    if (url.searchParams.get('grant_type') !== 'authorized_code')
      return this.error(res, 400, SANDBOX_CODES.invalidParam, 'grant_type must be authorized_code');
    const code = url.searchParams.get('auth_code') ?? '';
    const claims = this.credentials.read(CODE_PREFIX, code);
    if (
      !claims ||
      this.spentCodes.has(code) ||
      Number(claims.e) < Date.now() ||
      Number(claims.i) < this.codesExpiredBefore
    )
      return this.error(res, 400, SANDBOX_CODES.invalidAuthCode, 'auth code is invalid or expired');
    this.spentCodes.add(code);
    const seller = this.seller(String(claims.s));
    this.deauthorised.delete(seller.openId);
    this.ok(res, this.grant(seller));
  }

  private tokenRefresh(url: URL, res: ServerResponse): void {
    if (!this.appChecks(url, res)) return;
    if (url.searchParams.get('grant_type') !== 'refresh_token')
      return this.error(res, 400, SANDBOX_CODES.invalidParam, 'grant_type must be refresh_token');
    const claims = this.credentials.read(REFRESH_PREFIX, url.searchParams.get('refresh_token'));
    if (!claims) return this.error(res, 401, SANDBOX_CODES.noAuthRecord, 'can not find related auth record');
    const seller = this.seller(String(claims.s));
    if (this.deauthorised.has(seller.openId))
      return this.error(res, 401, SANDBOX_CODES.noAuthRecord, 'can not find related auth record');
    if (
      Number(claims.e) * 1000 < Date.now() ||
      Number(claims.i) < (this.refreshExpiredBefore.get(seller.openId) ?? 0)
    )
      return this.error(res, 401, SANDBOX_CODES.refreshExpired, 'rt has expired');
    this.ok(res, this.grant(seller));
  }

  /** Checks a Partner API request as TikTok does; the seller and (shop-scoped) shop, or an error sent. */
  private authenticate(
    req: IncomingMessage,
    method: string,
    url: URL,
    body: Buffer,
    res: ServerResponse,
  ): { seller: SandboxSeller; shop: SandboxShop | null } | null {
    const q = Object.fromEntries(url.searchParams);
    if (q.app_key !== this.options.appKey) {
      this.error(res, 401, SANDBOX_CODES.invalidAppKey, 'invalid app_key');
      return null;
    }
    const timestamp = Number(q.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - Date.now() / 1000) > 300) {
      this.error(res, 401, SANDBOX_CODES.invalidTimestamp, 'timestamp is invalid or expired');
      return null;
    }
    const isMultipart = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const expected = tiktokSign(this.options.appSecret, {
      path: url.pathname,
      query: q,
      body: body.length ? body.toString('utf8') : null,
      isMultipart,
    });
    if (!sameSignature(expected, q.sign)) {
      this.error(res, 401, SANDBOX_CODES.invalidSignature, 'Invalid signature');
      return null;
    }
    const token = req.headers['x-tts-access-token'];
    const claims = this.credentials.read(ACCESS_PREFIX, typeof token === 'string' ? token : null);
    if (!claims) {
      this.error(res, 401, SANDBOX_CODES.invalidToken, 'invalid access token');
      return null;
    }
    const seller = this.seller(String(claims.s));
    if (this.deauthorised.has(seller.openId)) {
      this.error(res, 401, SANDBOX_CODES.noAuthRecord, 'can not find related auth record');
      return null;
    }
    if (
      Number(claims.e) * 1000 < Date.now() ||
      Number(claims.i) < (this.expiredBefore.get(seller.openId) ?? 0)
    ) {
      this.error(res, 401, SANDBOX_CODES.tokenExpired, 'access token is expired, please refresh it');
      return null;
    }
    if (!isShopScoped(method, url.pathname)) return { seller, shop: null };
    const shop = seller.shops.find((s) => s.cipher === q.shop_cipher);
    if (!shop) {
      this.error(res, 400, SANDBOX_CODES.invalidShopCipher, 'invalid shop_cipher');
      return null;
    }
    return { seller, shop };
  }

  private async api(
    req: IncomingMessage,
    method: string,
    url: URL,
    body: Buffer,
    res: ServerResponse,
  ): Promise<void> {
    const path = url.pathname;
    const known =
      (method === 'GET' && path === '/authorization/202309/shops') ||
      (method === 'GET' && path === '/logistics/202309/warehouses') ||
      (method === 'POST' && path === '/order/202309/orders/search') ||
      (method === 'GET' && path === '/order/202309/orders') ||
      (method === 'POST' && /^\/fulfillment\/202309\/packages\/[^/]+\/ship$/.test(path)) ||
      (method === 'POST' && /^\/fulfillment\/202309\/packages\/[^/]+\/shipping_info\/update$/.test(path)) ||
      (method === 'GET' && /^\/logistics\/202309\/warehouses\/[^/]+\/delivery_options$/.test(path)) ||
      (method === 'GET' && /^\/logistics\/202309\/delivery_options\/[^/]+\/shipping_providers$/.test(path)) ||
      (method === 'POST' && path === '/product/202309/products') ||
      (method === 'PUT' && /^\/product\/202309\/products\/[^/]+$/.test(path)) ||
      (method === 'POST' && path === '/product/202309/products/deactivate') ||
      (method === 'POST' && path === '/product/202309/images/upload') ||
      (method === 'GET' && /^\/product\/202309\/categories\/[^/]+\/(attributes|rules)$/.test(path)) ||
      ((method === 'PUT' || method === 'GET') && path === '/event/202309/webhooks');
    if (!known) return this.error(res, 404, SANDBOX_CODES.notFound, `no such API: ${method} ${path}`);
    const who = this.authenticate(req, method, url, body, res);
    if (!who) return;
    const { seller, shop } = who;
    let json: Json = {};
    if (body.length && !(req.headers['content-type'] ?? '').startsWith('multipart/')) {
      try {
        json = obj(JSON.parse(body.toString('utf8')));
      } catch {
        return this.error(res, 400, SANDBOX_CODES.invalidParam, 'body is not JSON');
      }
    }
    if (path === '/authorization/202309/shops') {
      return this.ok(res, {
        shops: seller.shops.map((s) => ({
          cipher: s.cipher,
          code: s.code,
          id: s.id,
          name: s.name,
          region: s.region,
          seller_type: s.sellerType,
        })),
      });
    }
    if (path === '/product/202309/images/upload') return this.uploadImage(req, body, res);
    if (!shop) return this.error(res, 400, SANDBOX_CODES.invalidShopCipher, 'invalid shop_cipher');
    if (path === '/logistics/202309/warehouses') return this.ok(res, { warehouses: shop.warehouses });
    if (path === '/event/202309/webhooks') {
      if (method === 'PUT') {
        const address = str(json.address);
        if (!address) return this.error(res, 400, SANDBOX_CODES.invalidParam, 'address is required');
        shop.webhooks.set(str(json.event_type) ?? '*', address);
        return this.ok(res, {});
      }
      return this.ok(res, {
        webhooks: [...shop.webhooks].map(([event_type, address]) => ({ event_type, address })),
      });
    }
    const category = /^\/product\/202309\/categories\/([^/]+)\/(attributes|rules)$/.exec(path);
    if (category) {
      const rules = CATEGORY_RULES[decodeURIComponent(category[1]!)];
      if (!rules) return this.error(res, 404, SANDBOX_CODES.notFound, 'category not found');
      return category[2] === 'attributes'
        ? this.ok(res, {
            attributes: rules.required.map((a) => ({
              id: a.id,
              name: a.name,
              type: 'PRODUCT_PROPERTY',
              is_required: true,
              is_multiple_selection: false,
              is_customizable: true,
              values: [],
            })),
          })
        : this.ok(res, {
            size_chart: { is_required: rules.sizeChart },
            main_image: { is_white_background_required: rules.whiteBackground },
          });
    }
    if (path === '/order/202309/orders/search') return this.searchOrders(shop, url, json, res);
    if (path === '/order/202309/orders') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      if (!ids.length || ids.length > 50)
        return this.error(res, 400, SANDBOX_CODES.invalidParam, 'ids: 1 to 50 order ids');
      return this.ok(res, { orders: ids.map((id) => shop.orders.get(id)).filter(Boolean) });
    }
    const ship = /^\/fulfillment\/202309\/packages\/([^/]+)\/ship$/.exec(path);
    if (ship) return this.shipPackage(shop, decodeURIComponent(ship[1]!), json, res);
    const update = /^\/fulfillment\/202309\/packages\/([^/]+)\/shipping_info\/update$/.exec(path);
    if (update) return this.updateShippingInfo(shop, decodeURIComponent(update[1]!), json, res);
    const options = /^\/logistics\/202309\/warehouses\/([^/]+)\/delivery_options$/.exec(path);
    if (options) {
      const id = decodeURIComponent(options[1]!);
      if (!shop.warehouses.some((w) => String(w.id) === id && w.type === 'SALES_WAREHOUSE'))
        return this.error(res, 404, SANDBOX_CODES.notFound, 'warehouse not found');
      return this.ok(res, {
        delivery_options: DELIVERY_OPTIONS.map((o) => ({
          id: o.id,
          name: o.name,
          type: 'STANDARD',
          delivery_option_type: 'SELLER_SHIPPING',
        })),
      });
    }
    const providers = /^\/logistics\/202309\/delivery_options\/([^/]+)\/shipping_providers$/.exec(path);
    if (providers) {
      const option = DELIVERY_OPTIONS.find((o) => o.id === decodeURIComponent(providers[1]!));
      if (!option) return this.error(res, 404, SANDBOX_CODES.notFound, 'delivery option not found');
      return this.ok(res, { shipping_providers: option.providers.map((i) => SHIPPING_PROVIDERS[i]!) });
    }
    if (path === '/product/202309/products/deactivate') {
      const ids = arr(json.product_ids).map(String);
      const missing = ids.filter((id) => !shop.products.has(id));
      if (!ids.length || missing.length)
        return this.error(res, 404, SANDBOX_CODES.notFound, `product not found: ${missing.join(',')}`);
      for (const id of ids) shop.products.get(id)!.status = 'DEACTIVATED';
      return this.ok(res, { errors: [] });
    }
    const edit = /^\/product\/202309\/products\/([^/]+)$/.exec(path);
    return this.saveProduct(shop, edit ? decodeURIComponent(edit[1]!) : null, json, res);
  }

  private searchOrders(shop: SandboxShop, url: URL, filters: Json, res: ServerResponse): void {
    const pageSize = Number(url.searchParams.get('page_size'));
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return this.error(res, 400, SANDBOX_CODES.invalidParam, 'page_size is required (1-100)');
    const n = (key: string) => num(filters[key]);
    let orders = [...shop.orders.values()].filter((o) => {
      if (filters.order_status && o.status !== filters.order_status) return false;
      const created = Number(o.create_time);
      const updated = Number(o.update_time);
      if (n('create_time_ge') !== null && created < n('create_time_ge')!) return false;
      if (n('create_time_lt') !== null && created >= n('create_time_lt')!) return false;
      if (n('update_time_ge') !== null && updated < n('update_time_ge')!) return false;
      if (n('update_time_lt') !== null && updated >= n('update_time_lt')!) return false;
      return true;
    });
    const field = url.searchParams.get('sort_field') === 'update_time' ? 'update_time' : 'create_time';
    const asc = url.searchParams.get('sort_order') === 'ASC';
    orders = orders.sort((a, b) => (Number(a[field]) - Number(b[field])) * (asc ? 1 : -1));
    const start = Number(url.searchParams.get('page_token') ?? 0) || 0;
    const page = orders.slice(start, start + pageSize);
    this.ok(res, {
      orders: page,
      total_count: orders.length,
      next_page_token: start + pageSize < orders.length ? String(start + pageSize) : '',
    });
  }

  private orderOfPackage(shop: SandboxShop, packageId: string): Json | undefined {
    return [...shop.orders.values()].find((o) => arr(o.packages).some((p) => str(obj(p).id) === packageId));
  }

  /** The tracking and provider of a ship or update body, or an error sent. */
  private trackingOf(body: Json, res: ServerResponse): { tracking: string; provider: string } | null {
    const tracking = str(body.tracking_number);
    const provider = str(body.shipping_provider_id);
    if (!tracking || !provider) {
      this.error(
        res,
        400,
        SANDBOX_CODES.invalidParam,
        'tracking_number and shipping_provider_id are required',
      );
      return null;
    }
    if (!SHIPPING_PROVIDERS.some((p) => p.id === provider)) {
      this.error(res, 400, SANDBOX_CODES.invalidParam, `shipping provider ${provider} is not available`);
      return null;
    }
    return { tracking, provider };
  }

  private recordTracking(order: Json, tracking: string, provider: string): void {
    order.tracking_number = tracking;
    order.shipping_provider_id = provider;
    order.shipping_provider = SHIPPING_PROVIDERS.find((p) => p.id === provider)?.name ?? '';
    for (const item of arr(order.line_items)) {
      const line = obj(item);
      line.tracking_number = tracking;
      line.shipping_provider_id = provider;
      line.package_status = 'TO_FULFILL';
    }
  }

  private shipPackage(shop: SandboxShop, packageId: string, body: Json, res: ServerResponse): void {
    const order = this.orderOfPackage(shop, packageId);
    if (!order) return this.error(res, 404, SANDBOX_CODES.notFound, 'package not found');
    const given = this.trackingOf(obj(body.self_shipment), res);
    if (!given) return;
    if (order.status !== 'AWAITING_SHIPMENT' && order.status !== 'PARTIALLY_SHIPPING')
      return this.error(res, 400, 21011001, `order in ${String(order.status)} can not be shipped`);
    this.recordTracking(order, given.tracking, given.provider);
    this.shipments.push({
      kind: 'ship',
      orderId: String(order.id),
      packageId,
      trackingNumber: given.tracking,
      providerId: given.provider,
    });
    // The order leaves "awaiting shipment" at once (a later ship of it is refused), and the
    // change reaches the platform as TikTok would tell it: a webhook.
    order.status = 'AWAITING_COLLECTION';
    this.ok(res, {});
    void this.setOrderStatus(String(order.id), 'AWAITING_COLLECTION');
  }

  /** `POST /fulfillment/202309/packages/{id}/shipping_info/update`: a shipped package's new tracking. */
  private updateShippingInfo(shop: SandboxShop, packageId: string, body: Json, res: ServerResponse): void {
    const order = this.orderOfPackage(shop, packageId);
    if (!order) return this.error(res, 404, SANDBOX_CODES.notFound, 'package not found');
    const given = this.trackingOf(body, res);
    if (!given) return;
    if (order.status !== 'AWAITING_COLLECTION' && order.status !== 'IN_TRANSIT')
      return this.error(
        res,
        400,
        21011002,
        `order in ${String(order.status)} has no shipping info to update`,
      );
    this.recordTracking(order, given.tracking, given.provider);
    this.shipments.push({
      kind: 'update',
      orderId: String(order.id),
      packageId,
      trackingNumber: given.tracking,
      providerId: given.provider,
    });
    this.ok(res, {});
  }

  private saveProduct(shop: SandboxShop, productId: string | null, body: Json, res: ServerResponse): void {
    const missing = ['title', 'category_id'].filter((k) => !str(body[k]));
    if (!arr(body.main_images).length) missing.push('main_images');
    const skus = arr(body.skus).map(obj);
    if (!skus.length) missing.push('skus');
    if (skus.some((s) => !str(obj(s.price).amount) || !str(obj(s.price).currency)))
      missing.push('skus.price');
    if (missing.length)
      return this.error(res, 400, SANDBOX_CODES.invalidParam, `missing or invalid: ${missing.join(', ')}`);
    if (productId && !shop.products.has(productId))
      return this.error(res, 404, SANDBOX_CODES.notFound, 'product not found');
    // Required attributes of the category (what GET …/categories/{id}/attributes states).
    const needed = CATEGORY_RULES[str(body.category_id) ?? '']?.required ?? [];
    const given = new Set(arr(body.product_attributes).map((a) => str(obj(a).id)));
    const absent = needed.find((a) => !given.has(a.id));
    if (absent)
      return this.error(
        res,
        400,
        SANDBOX_CODES.invalidParam,
        `product_attributes: the required attribute ${absent.name} (${absent.id}) is missing`,
      );
    // The listing review: the marketplace's own prohibited words (issue 23).
    const prohibited = prohibitedWordIn(str(body.title) ?? '');
    if (prohibited)
      return this.error(
        res,
        400,
        SANDBOX_CODES.listingRefused,
        `The product title contains a prohibited word: "${prohibited}". Please edit the title and resubmit.`,
      );
    // A retried create with the same idempotency key answers the product it already made.
    const key = str(body.idempotency_key);
    const known = !productId && key ? shop.idempotency.get(key) : undefined;
    if (known && shop.products.has(known)) {
      const product = shop.products.get(known)!;
      return this.ok(res, { product_id: known, skus: product.skus, warnings: [] });
    }
    const id =
      productId ??
      `17${digitsOf(`product:${shop.id}:${shop.products.size}:${randomBytes(4).toString('hex')}`, 17)}`;
    const savedSkus = skus.map((s, i) => ({
      id: digitsOf(`sku:${id}:${i}:${str(s.seller_sku) ?? ''}`, 19),
      seller_sku: str(s.seller_sku),
      external_sku_id: str(s.external_sku_id),
      sales_attributes: arr(s.sales_attributes).map((a, j) => ({
        id: String(100 + j),
        value_id: digitsOf(`v:${JSON.stringify(a)}`, 10),
      })),
    }));
    shop.products.set(id, { ...body, id, status: 'PENDING', skus: savedSkus });
    if (key && !productId) shop.idempotency.set(key, id);
    if (this.switches.take('failAfterWrite'))
      return this.error(res, 500, SANDBOX_CODES.serverError, 'Internal error, please retry later');
    this.ok(
      res,
      productId ? { skus: savedSkus, warnings: [] } : { product_id: id, skus: savedSkus, warnings: [] },
    );
  }

  /** Every product of a seller's shops (tests and the demo look up what was published). */
  productsOf(login: string): Json[] {
    const seller = this.sellers.get(login);
    return seller ? seller.shops.flatMap((s) => [...s.products.values()]) : [];
  }

  private async uploadImage(req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data'))
      return this.error(res, 400, SANDBOX_CODES.invalidParam, 'multipart/form-data is required');
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    const file = form.get('data');
    const useCase = form.get('use_case');
    if (!(file instanceof Blob) || !file.size)
      return this.error(res, 400, SANDBOX_CODES.invalidParam, 'data (the image file) is required');
    const uses = [
      'MAIN_IMAGE',
      'ATTRIBUTE_IMAGE',
      'DESCRIPTION_IMAGE',
      'CERTIFICATION_IMAGE',
      'SIZE_CHART_IMAGE',
    ];
    if (typeof useCase !== 'string' || !uses.includes(useCase))
      return this.error(res, 400, SANDBOX_CODES.invalidParam, 'invalid use_case');
    const bytes = Buffer.from(await file.arrayBuffer());
    const uri = `tos-sandbox-i-${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`;
    if (this.images.size < 500) this.images.set(uri, bytes);
    const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    this.ok(res, {
      uri,
      url: `${this.server.url}/images/${uri}`,
      width: png ? bytes.readUInt32BE(16) : 0,
      height: png ? bytes.readUInt32BE(20) : 0,
      use_case: useCase,
    });
  }

  /** `/__sandbox/…`: the controls tests and the demo use over HTTP. */
  private async control(method: string, path: string, body: Buffer, res: ServerResponse): Promise<void> {
    if (method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
    let json: Json;
    try {
      json = body.length ? obj(JSON.parse(body.toString('utf8'))) : {};
    } catch {
      return sendJson(res, 400, { error: 'body is not JSON' });
    }
    const login = str(json.seller) ?? undefined;
    switch (path) {
      case '/__sandbox/misbehave':
        this.misbehave(json);
        return sendJson(res, 200, { ok: true });
      case '/__sandbox/shipments':
        return sendJson(res, 200, { shipments: this.shipments });
      case '/__sandbox/expire-tokens':
        this.expireAccessTokens(login);
        return sendJson(res, 200, { ok: true });
      case '/__sandbox/expire-refresh-tokens':
        this.expireRefreshTokens(login);
        return sendJson(res, 200, { ok: true });
      case '/__sandbox/order-status': {
        const orderId = str(json.order_id);
        const status = str(json.status);
        if (!orderId || !status || !this.findOrder(orderId))
          return sendJson(res, 404, { error: 'no such order' });
        return sendJson(res, 200, { webhook: await this.setOrderStatus(orderId, status) });
      }
      case '/__sandbox/deauthorise':
        if (!login) return sendJson(res, 400, { error: 'seller is required' });
        return sendJson(res, 200, { webhooks: await this.deauthorise(login) });
      case '/__sandbox/authorisation-expiring':
        if (!login) return sendJson(res, 400, { error: 'seller is required' });
        return sendJson(res, 200, {
          webhooks: await this.notifyAuthorisationExpiring(login, new Date(Date.now() + 7 * 86400_000)),
        });
      default:
        return sendJson(res, 404, { error: 'no such control' });
    }
  }
}
