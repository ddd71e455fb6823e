import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { arr, num, obj, str, type Json } from '../marketplace/read.ts';
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
  sendHtml,
  sendJson,
  tinyPng,
  type Misbehaviour,
  type SentWebhook,
  type WebhookSender,
} from '../marketplace/sandbox-kit.ts';
import { TEMU_TYPES } from './temu-adapter.ts';
import { temuSign, temuWebhookSignature } from './temu-sign.ts';

/*
 * A local stand-in for Temu's semi-managed open platform (the `bg.*` routers), issue 18. Each
 * gateway (PA, US, GLOBAL, CN) is a path: `/{gateway}/openapi/router`. It checks what Temu's gateway
 * checks (type, app_key, timestamp within ±300 s, data_type, the MD5 signature over the top-level
 * params, the access token and that it belongs to this gateway) and refuses with Temu's envelope
 * and codes; runs the seller-centre authorisation page per gateway; issues tokens that expire;
 * holds seeded orders with customised items (text and image), warehouses, goods; and sends signed
 * webhooks (⚠ the webhook scheme is the platform's choice, decision 0030).
 */

export const TEMU_GATEWAYS = ['pa', 'us', 'global', 'cn'] as const;
export type TemuGateway = (typeof TEMU_GATEWAYS)[number];

export interface TemuSandboxOptions {
  appKey: string;
  appSecret: string;
  /** The app's registered callback page (the platform's Temu redirect page). */
  redirectUrl: string;
  webhookUrl?: string;
  sendWebhook?: WebhookSender;
  /** Token lifetime in seconds (the documentation's example: one year). */
  tokenSeconds?: number;
  tokenKey?: string;
}

interface SandboxMall {
  login: string;
  mallId: string;
  /** Parent orders per order gateway. */
  orders: Record<'us' | 'global', Map<string, Json>>;
  customisation: Map<string, Json>;
  warehouses: Record<'us' | 'global', Json[]>;
  goods: Map<string, Json>;
}

const TOKEN_PREFIX = 'upl';
const CODE_PREFIX = 'code';
const ORDER_TYPES = new Set<string>([
  TEMU_TYPES.orderList,
  TEMU_TYPES.shippingInfo,
  TEMU_TYPES.customisation,
  TEMU_TYPES.warehouses,
  TEMU_TYPES.shipmentConfirm,
  TEMU_TYPES.carriers,
]);
const PRODUCT_TYPES = new Set<string>([
  TEMU_TYPES.goodsAdd,
  TEMU_TYPES.goodsUpdate,
  TEMU_TYPES.goodsSaleStatus,
  TEMU_TYPES.imageUpload,
  TEMU_TYPES.goodsList,
]);
const KNOWN_TYPES = new Set<string>([
  TEMU_TYPES.tokenCreate,
  TEMU_TYPES.tokenInfo,
  ...ORDER_TYPES,
  ...PRODUCT_TYPES,
]);

/** The sandbox's carriers (issue 21): what `bg.logistics.companies.get` lists and a confirm may name. */
export const TEMU_CARRIERS = [
  { shipId: 699272611, shipName: 'USPS' },
  { shipId: 699272612, shipName: 'UPS' },
  { shipId: 699272613, shipName: 'FedEx' },
  { shipId: 699272614, shipName: 'YunExpress' },
  { shipId: 699272615, shipName: '4PX' },
] as const;

/** A shipment the sandbox confirmed (issue 21): tests count them, a repeat must not add one. */
export interface TemuReceivedShipment {
  parentOrderSn: string;
  trackingNumber: string;
  carrierId: string;
  packageSn: string;
}

const GOODS = [
  { name: 'Custom Name Necklace', spec: 'Gold', goodsId: 601099548666279 },
  { name: 'Personalised Photo Pillow', spec: '40x40cm', goodsId: 601099548666280 },
  { name: 'Custom Pet Portrait Mug', spec: '11oz', goodsId: 601099548666281 },
];

/** Temu, locally: start it and point the adapter's gateways at `${url}/{gateway}/openapi/router`. */
export class TemuSandbox {
  readonly switches = new MisbehaviourSwitches();
  readonly webhooks: SentWebhook[] = [];
  /** Every shipment confirmed, in order. */
  readonly shipments: TemuReceivedShipment[] = [];
  private readonly server: SandboxServer;
  private readonly credentials: SignedCredentials;
  private readonly malls = new Map<string, SandboxMall>();
  /** Files served under /static/ in place of the 1 px placeholder (e.g. a buyer's uploaded photo). */
  private readonly staticFiles = new Map<string, { body: Buffer; type: string }>();
  private readonly spentCodes = new Set<string>();
  private readonly expiredBefore = new Map<string, number>();
  private codesExpiredBefore = 0;
  private readonly startedAt = Date.now();

  constructor(private readonly options: TemuSandboxOptions) {
    this.server = new SandboxServer('Temu', (req, res, body) => this.handle(req, res, body));
    this.credentials = new SignedCredentials(
      options.tokenKey ?? createHash('sha256').update(`temu-sandbox:${options.appSecret}`).digest('hex'),
    );
  }

  get url(): string {
    return this.server.url;
  }

  /** The router URL of a gateway. */
  gateway(name: TemuGateway): string {
    return `${this.server.url}/${name}/openapi/router`;
  }

  start(port = 0, host = '127.0.0.1'): Promise<string> {
    return this.server.start(port, host);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  misbehave(switches: Misbehaviour): void {
    this.switches.set(switches);
  }

  /** Every token issued so far (of one seller, or all) answers 3000034 from now on. */
  expireTokens(login?: string): void {
    for (const mall of login ? [this.mall(login)] : this.malls.values())
      this.expiredBefore.set(mall.mallId, Date.now() + 1);
  }

  /**
   * Serves `body` at `/static/<name>` (e.g. `upload-<orderSn>.png`, the buyer's image of a
   * customised line); other static paths answer a 1 px PNG.
   */
  setStaticFile(name: string, body: Buffer, type = 'image/png'): void {
    this.staticFiles.set(name, { body, type });
  }

  expireCodes(): void {
    this.codesExpiredBefore = Date.now() + 1;
  }

  /** A code for a seller on a gateway, as the authorisation page redirects with. */
  issueCode(login: string, gateway: TemuGateway): string {
    return this.credentials.mint(CODE_PREFIX, {
      s: login,
      g: gateway,
      i: Date.now(),
      e: Date.now() + 10 * 60_000,
    });
  }

  mall(login: string): SandboxMall {
    let mall = this.malls.get(login);
    if (!mall) {
      mall = this.seed(login);
      this.malls.set(login, mall);
    }
    return mall;
  }

  findOrder(parentOrderSn: string): { mall: SandboxMall; order: Json; region: 'us' | 'global' } | null {
    for (const mall of this.malls.values())
      for (const region of ['us', 'global'] as const) {
        const order = mall.orders[region].get(parentOrderSn);
        if (order) return { mall, order, region };
      }
    return null;
  }

  /** Changes a parent order's status and sends `bg_order_status_change_event`. */
  async setOrderStatus(parentOrderSn: string, status: number): Promise<SentWebhook | null> {
    const found = this.findOrder(parentOrderSn);
    if (!found) throw new Error(`no order ${parentOrderSn}`);
    const parent = obj(found.order.parentOrderMap);
    parent.parentOrderStatus = status;
    parent.updateTime = Math.floor(Date.now() / 1000);
    for (const line of arr(found.order.orderList)) obj(line).orderStatus = status;
    return this.notify(found.mall, 'bg_order_status_change_event', {
      parentOrderSn,
      parentOrderStatus: status,
    });
  }

  async notify(mall: SandboxMall, eventCode: string, data: Json): Promise<SentWebhook | null> {
    const url = this.options.webhookUrl;
    if (!url) return null;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify({
      msgId: randomBytes(8).toString('hex'),
      mallId: Number(mall.mallId),
      eventCode,
      timestamp: Number(timestamp),
      data,
    });
    const signature = temuWebhookSignature(this.options.appSecret, {
      appKey: this.options.appKey,
      eventCode,
      timestamp,
      rawBody: body,
    });
    return deliverWebhook(this.options.sendWebhook ?? httpWebhookSender, this.switches, this.webhooks, {
      url,
      body,
      headers: {
        'x-tm-app-key': this.options.appKey,
        'x-tm-event-code': eventCode,
        'x-tm-timestamp': timestamp,
        'x-tm-signature': signature,
      },
    });
  }

  // ---- Seeded data -------------------------------------------------------------------------

  private seed(login: string): SandboxMall {
    const mallId = `6${digitsOf(`mall:${login}`, 14)}`;
    const mall: SandboxMall = {
      login,
      mallId,
      orders: { us: new Map(), global: new Map() },
      customisation: new Map(),
      warehouses: {
        us: [
          {
            warehouseId: `WH${digitsOf(`us1:${mallId}`, 12)}`,
            warehouseName: 'Los Angeles Warehouse',
            warehouseType: 'SELF',
            regionName: 'US',
            isDefault: true,
          },
          {
            warehouseId: `WH${digitsOf(`us2:${mallId}`, 12)}`,
            warehouseName: 'New Jersey Warehouse',
            warehouseType: 'SELF',
            regionName: 'US',
            isDefault: false,
          },
        ],
        global: [
          {
            warehouseId: `WH${digitsOf(`gl1:${mallId}`, 12)}`,
            warehouseName: 'Shenzhen Warehouse',
            warehouseType: 'OTHER',
            regionName: 'CN',
            isDefault: true,
          },
        ],
      },
      goods: new Map(),
    };
    // The mall's goods on sale: what the seeded orders were bought from.
    for (const g of GOODS)
      mall.goods.set(String(g.goodsId), {
        productId: g.goodsId,
        productName: g.name,
        onSale: 1,
        productSkuList: [],
      });
    const base = Math.floor(this.startedAt / 1000);
    for (const region of ['us', 'global'] as const) {
      const statuses = [2, 2, 2, 4, 3];
      statuses.forEach((status, i) => {
        const parentOrderSn = `PO-${region === 'us' ? '211' : '212'}-${digitsOf(`po:${mallId}:${region}:${i}`, 17)}`;
        const goods = GOODS.slice(0, 1 + (i % 2)).map((g, j) => ({ ...g, j }));
        const created = base - (i + 1) * 5400;
        const orderList = goods.map((g) => {
          const orderSn = `${region === 'us' ? '211' : '212'}-${digitsOf(`o:${parentOrderSn}:${g.j}`, 17)}`;
          const isCustomised = (i + g.j) % 2 === 0;
          if (isCustomised) mall.customisation.set(orderSn, this.customisationOf(orderSn, i + g.j));
          return {
            orderSn,
            goodsId: g.goodsId,
            skuId: 17592352673534 + g.j,
            quantity: 1 + (i % 3 === 0 ? 1 : 0),
            originalOrderQuantity: 1 + (i % 3 === 0 ? 1 : 0),
            canceledQuantityBeforeShipment: 0,
            spec: g.spec,
            goodsName: g.name,
            thumbUrl: `${this.server.url}/static/goods-${g.j}.png`,
            orderStatus: status,
            fulfillmentType: 'fulfillBySeller',
            productList: [
              {
                productId: g.goodsId + 1,
                productSkuId: 50000 + g.j,
                soldFactor: 1,
                extCode: `SKU-${g.j + 1}`,
              },
            ],
            orderLabel: [{ name: 'customized_products', value: isCustomised ? 1 : 0 }],
          };
        });
        mall.orders[region].set(parentOrderSn, {
          parentOrderMap: {
            parentOrderSn,
            parentOrderStatus: status,
            parentOrderTime: created,
            expectShipLatestTime: created + 2 * 86400,
            updateTime: created + 120,
            regionId: region === 'us' ? 211 : 212,
            siteId: 100,
            parentOrderLabel: [],
            fulfillmentWarning: [],
          },
          orderList,
          shippingInfo: {
            receiptName: `Temu Buyer ${i + 1}`,
            mobile: '+1 (***) ***-**12',
            mail: `buyer${i}@privaterelay.temu.com`,
            regionName1: region === 'us' ? 'United States' : 'Mexico',
            regionName2: region === 'us' ? 'New York' : 'Ciudad de México',
            regionName3: region === 'us' ? 'Brooklyn' : 'Coyoacán',
            regionName4: '',
            addressLine1: `${20 + i} Atlantic Ave`,
            addressLine2: i % 2 ? `Unit ${i}` : '',
            addressLine3: '',
            addressLineAll: `${20 + i} Atlantic Ave`,
            postCode: region === 'us' ? '11201' : '04000',
            addressExtra: { firstName: 'Temu', lastName: `Buyer ${i + 1}` },
          },
        });
      });
    }
    return mall;
  }

  /** bg.order.customization.get entries: plain text, or graphics and text with previews. */
  private customisationOf(orderSn: string, n: number): Json {
    if (n % 4 === 0)
      return {
        orderSn,
        customizedType: 1,
        templateId: null,
        templateType: null,
        customizedText: 'Emma & Noah 2025',
        customizedSvgList: [],
      };
    return {
      orderSn,
      customizedType: 2,
      templateId: 880000 + n,
      templateType: 3,
      customizedData: JSON.stringify({
        areas: [
          { id: 'area-1', text: 'Best Dad Ever' },
          { id: 'area-2', image: 'photo' },
        ],
      }),
      previewList: [
        { previewType: 1, imageUrl: `${this.server.url}/static/preview-${orderSn}.png` },
        {
          previewType: 3,
          imageUrl: `${this.server.url}/static/upload-${orderSn}.png`,
          customizedAreaId: 'area-2',
        },
        { previewType: 4, customizedText: 'Best Dad Ever', customizedAreaId: 'area-1' },
      ],
      customizedSvgList: [{ compressedFileUrl: `${this.server.url}/static/svg-${orderSn}.zip` }],
    };
  }

  // ---- HTTP --------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const method = req.method ?? 'GET';
    if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
    if (url.pathname.startsWith('/static/')) {
      const file = this.staticFiles.get(url.pathname.slice('/static/'.length));
      res.writeHead(200, { 'content-type': file?.type ?? 'image/png' });
      res.end(file?.body ?? tinyPng([60, 140, 220]));
      return;
    }
    if (url.pathname.startsWith('/__sandbox/')) return this.control(method, url.pathname, body, res);
    const match = /^\/(pa|us|global|cn)\/(authorize|openapi\/router)$/.exec(url.pathname);
    if (!match)
      return sendJson(res, 404, {
        success: false,
        errorCode: 3000003,
        errorMsg: 'not found',
        requestId: this.requestId(),
        result: null,
      });
    const gateway = match[1] as TemuGateway;
    if (match[2] === 'authorize')
      return method === 'POST'
        ? this.authorise(gateway, new URLSearchParams(body.toString('utf8')), res)
        : this.authorisePage(gateway, url, res);
    if (method !== 'POST') return this.fail(res, 3000000, 'BAD_PARAMS: only POST is supported');
    return this.router(gateway, body, res);
  }

  private requestId(): string {
    return `sandbox-${randomBytes(8).toString('hex')}`;
  }

  private fail(res: ServerResponse, errorCode: number, errorMsg: string, status = 200): void {
    sendJson(res, status, { success: false, errorCode, errorMsg, requestId: this.requestId(), result: null });
  }

  private ok(res: ServerResponse, result: unknown): void {
    sendJson(res, 200, {
      success: true,
      errorCode: 1000000,
      errorMsg: '',
      requestId: this.requestId(),
      result,
    });
  }

  private authorisePage(gateway: TemuGateway, url: URL, res: ServerResponse): void {
    if (url.searchParams.get('app_key') !== this.options.appKey)
      return sendHtml(res, 400, '<!doctype html><p>Unknown app_key.</p>');
    const state = url.searchParams.get('state') ?? '';
    const redirectUrl = url.searchParams.get('redirect_url') ?? '';
    const scope =
      gateway === 'pa'
        ? 'products and stock 商品库存'
        : `orders and shipping (${gateway.toUpperCase()}) 订单发货`;
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Temu sandbox · authorise</title>
<style>body{font-family:sans-serif;max-width:460px;margin:60px auto;color:#222}input{padding:6px;width:100%;box-sizing:border-box}
button{padding:10px 24px;margin:16px 8px 0 0;font-size:16px}</style></head>
<body><h1>Temu Seller Center sandbox · 授权应用</h1>
<p>App <code>${escapeHtml(this.options.appKey)}</code> asks for <strong data-testid="scope">${escapeHtml(scope)}</strong>.</p>
<form method="post" action="/${gateway}/authorize">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="redirect_url" value="${escapeHtml(redirectUrl)}">
<label>Seller account 卖家账号<br><input name="seller" value="demo-mall" data-testid="seller" maxlength="40"></label>
<button name="action" value="authorise" data-testid="authorise">Authorise 授权</button>
<button name="action" value="cancel" data-testid="cancel">Cancel 取消</button>
</form><p><small>Local sandbox: no real Temu account is involved. 本地沙箱。</small></p></body></html>`,
    );
  }

  private authorise(gateway: TemuGateway, form: URLSearchParams, res: ServerResponse): void {
    // Temu sends the seller to the app's registered redirect URL; a redirect_url that is not it is ignored.
    const registered = new URL(this.options.redirectUrl);
    const asked = (() => {
      try {
        return new URL(form.get('redirect_url') ?? '');
      } catch {
        return null;
      }
    })();
    const back =
      asked && asked.origin + asked.pathname === registered.origin + registered.pathname ? asked : registered;
    const state = form.get('state') ?? '';
    if (form.get('action') !== 'authorise') {
      back.searchParams.set('error', 'access_denied');
      if (state) back.searchParams.set('state', state);
      return redirect(res, back.toString());
    }
    const login = ((form.get('seller') ?? '').trim() || 'demo-mall').slice(0, 40);
    this.mall(login);
    back.searchParams.set('code', this.issueCode(login, gateway));
    if (state) back.searchParams.set('state', state);
    redirect(res, back.toString());
  }

  private router(gateway: TemuGateway, raw: Buffer, res: ServerResponse): void {
    if (this.switches.take('rateLimit')) return this.fail(res, 4000004, 'RATE_LIMIT_EXCEED_EXCEPTION');
    if (this.switches.take('serverError')) return this.fail(res, 4000000, 'SYSTEM_EXCEPTION', 503);
    let p: Json;
    try {
      p = obj(JSON.parse(raw.toString('utf8')));
    } catch {
      return this.fail(res, 3000000, 'BAD_PARAMS: the body is not JSON');
    }
    const type = str(p.type);
    if (!type) return this.fail(res, 3000002, 'there is no type in body.');
    if (!KNOWN_TYPES.has(type)) return this.fail(res, 3000003, 'type not exists');
    if (!str(p.app_key)) return this.fail(res, 3000025, 'there is no app_key in body.');
    if (p.app_key !== this.options.appKey) return this.fail(res, 3000026, 'app_key not exists.');
    const timestamp = num(p.timestamp);
    if (timestamp === null) return this.fail(res, 3000010, 'there is no timestamp in body.');
    const now = Date.now() / 1000;
    if (!/^\d{10}$/.test(String(p.timestamp)) || timestamp > now + 300)
      return this.fail(res, 3000011, 'timestamp is invalid.');
    if (timestamp < now - 300) return this.fail(res, 3000012, 'timestamp is expired.');
    if (p.data_type !== undefined && str(p.data_type)?.toUpperCase() !== 'JSON')
      return this.fail(res, 3000014, 'data_type is invalid');
    if (!str(p.sign)) return this.fail(res, 3000040, 'there is no sign in body.');
    if (temuSign(this.options.appSecret, p) !== p.sign) return this.fail(res, 3000001, 'SIGN_UNVALID');
    const token = str(p.access_token);
    if (!token) return this.fail(res, 3000030, 'there is no access_token in body.');

    if (type === TEMU_TYPES.tokenCreate) return this.tokenCreate(gateway, token, p, res);
    const claims = this.credentials.read(TOKEN_PREFIX, token);
    if (!claims || claims.g !== gateway) return this.fail(res, 3000031, 'access_token not exists.');
    const mall = this.mall(String(claims.s));
    if (Number(claims.e) * 1000 < Date.now() || Number(claims.i) < (this.expiredBefore.get(mall.mallId) ?? 0))
      return this.fail(
        res,
        3000034,
        'access_token is expired or have been refreshed, please contact seller to share the new access_token with you.',
      );
    const scopeOk =
      type === TEMU_TYPES.tokenInfo ||
      (ORDER_TYPES.has(type) && (gateway === 'us' || gateway === 'global')) ||
      (PRODUCT_TYPES.has(type) && (gateway === 'pa' || gateway === 'cn'));
    if (!scopeOk)
      return this.fail(
        res,
        3000032,
        "access_token don't have this api access, please ask for seller to authorize this api in seller center first.",
      );
    if (type === TEMU_TYPES.tokenInfo) return this.ok(res, this.tokenInfo(mall, gateway, Number(claims.e)));
    if (ORDER_TYPES.has(type)) return this.orders(mall, gateway as 'us' | 'global', type, p, res);
    return this.goods(mall, type, p, res);
  }

  private tokenInfo(mall: SandboxMall, gateway: TemuGateway, expiredTime: number): Json {
    return {
      regionId: gateway === 'us' ? 211 : gateway === 'global' ? 212 : 0,
      mallId: Number(mall.mallId),
      appSubscribeEventCodeList: ['bg_order_status_change_event', 'bg_cancel_order_status_change'],
      appSubscribeStatus: 1,
      authEventCodeList: [],
      expiredTime,
      mallType: 1,
      apiScopeList: gateway === 'pa' ? [...PRODUCT_TYPES] : [...ORDER_TYPES, TEMU_TYPES.tokenInfo],
    };
  }

  private tokenCreate(gateway: TemuGateway, token: string, p: Json, res: ServerResponse): void {
    // On the first call the common access_token is the code itself.
    const code = str(p.code) ?? str(obj(p.request).code);
    const claims = this.credentials.read(CODE_PREFIX, code);
    if (!code || code !== token || !claims || claims.g !== gateway || this.spentCodes.has(code))
      return this.fail(res, 110020002, 'Invalid code, please check and try again.');
    if (Number(claims.e) < Date.now() || Number(claims.i) < this.codesExpiredBefore)
      return this.fail(res, 110020002, 'Invalid code, please check and try again.');
    this.spentCodes.add(code);
    const mall = this.mall(String(claims.s));
    const expiredTime = Math.floor(Date.now() / 1000) + (this.options.tokenSeconds ?? 365 * 86400);
    const accessToken = this.credentials.mint(TOKEN_PREFIX, {
      s: mall.login,
      g: gateway,
      i: Date.now(),
      e: expiredTime,
    });
    this.ok(res, { ...this.tokenInfo(mall, gateway, expiredTime), accessToken, associatedMallTokenList: [] });
  }

  private orders(
    mall: SandboxMall,
    region: 'us' | 'global',
    type: string,
    p: Json,
    res: ServerResponse,
  ): void {
    const orders = mall.orders[region];
    switch (type) {
      case TEMU_TYPES.orderList: {
        const pageNumber = num(p.pageNumber) ?? 1;
        const pageSize = num(p.pageSize) ?? 10;
        if (pageSize < 1 || pageSize > 100 || pageNumber < 1)
          return this.fail(res, 3000000, 'BAD_PARAMS: pageSize must be 1-100');
        const pairs: Array<[string, string]> = [
          ['createAfter', 'createBefore'],
          ['updateAtStart', 'updateAtEnd'],
        ];
        for (const [a, b] of pairs)
          if ((p[a] === undefined) !== (p[b] === undefined))
            return this.fail(res, 3000000, `BAD_PARAMS: ${a} and ${b} must be sent together`);
        const sns = arr(p.parentOrderSnList).map(String);
        if (sns.length > 20) return this.fail(res, 3000000, 'BAD_PARAMS: at most 20 parentOrderSn');
        const status = num(p.parentOrderStatus) ?? 0;
        const list = [...orders.values()].filter((o) => {
          const parent = obj(o.parentOrderMap);
          if (sns.length && !sns.includes(String(parent.parentOrderSn))) return false;
          if (status && parent.parentOrderStatus !== status) return false;
          const created = Number(parent.parentOrderTime);
          if (
            p.createAfter !== undefined &&
            (created < num(p.createAfter)! || created > num(p.createBefore)!)
          )
            return false;
          const updated = Number(parent.updateTime);
          if (
            p.updateAtStart !== undefined &&
            (updated < num(p.updateAtStart)! || updated > num(p.updateAtEnd)!)
          )
            return false;
          return true;
        });
        const page = list.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
        return this.ok(res, {
          totalItemNum: list.length,
          pageItems: page.map((o) => ({ parentOrderMap: o.parentOrderMap, orderList: o.orderList })),
        });
      }
      case TEMU_TYPES.shippingInfo: {
        const order = orders.get(str(p.parentOrderSn) ?? '');
        if (!order) return this.fail(res, 2000000, 'parent order not found');
        return this.ok(res, order.shippingInfo);
      }
      case TEMU_TYPES.customisation: {
        const sns = arr(obj(p.request).orderSnList ?? p.orderSnList).map(String);
        if (!sns.length || sns.length > 10)
          return this.fail(res, 3000000, 'BAD_PARAMS: orderSnList takes 1 to 10 order sns');
        return this.ok(res, sns.map((sn) => mall.customisation.get(sn)).filter(Boolean));
      }
      case TEMU_TYPES.warehouses:
        return this.ok(res, { warehouseList: mall.warehouses[region] });
      case TEMU_TYPES.shipmentConfirm:
        return this.confirmShipment(mall, region, p, res);
      case TEMU_TYPES.carriers:
        return this.ok(res, { list: TEMU_CARRIERS });
      default:
        return this.fail(res, 3000003, 'type not exists');
    }
  }

  private confirmShipment(mall: SandboxMall, region: 'us' | 'global', p: Json, res: ServerResponse): void {
    if (![0, 1, 2].includes(num(p.sendType) ?? -1))
      return this.fail(res, 3000000, 'BAD_PARAMS: sendType must be 0, 1 or 2');
    const requests = arr(p.sendRequestList).map(obj);
    if (!requests.length) return this.fail(res, 3000000, 'BAD_PARAMS: sendRequestList is required');
    const shipped: Array<{ order: Json; line: Json; request: Json }> = [];
    // Every request is checked before anything is recorded: a refusal changes nothing.
    for (const request of requests) {
      if (!str(request.carrierId) || !str(request.trackingNumber))
        return this.fail(res, 3000000, 'BAD_PARAMS: carrierId and trackingNumber are required');
      if (!TEMU_CARRIERS.some((c) => String(c.shipId) === str(request.carrierId)))
        return this.fail(res, 3000000, `BAD_PARAMS: carrier ${String(request.carrierId)} is not supported`);
      for (const info of arr(request.orderSendInfoList).map(obj)) {
        const order = mall.orders[region].get(str(info.parentOrderSn) ?? '');
        const line =
          order &&
          arr(order.orderList)
            .map(obj)
            .find((l) => l.orderSn === info.orderSn);
        if (!order || !line) return this.fail(res, 2000000, `order ${String(info.orderSn)} not found`);
        if (String(line.goodsId) !== String(info.goodsId) || String(line.skuId) !== String(info.skuId))
          return this.fail(
            res,
            3000000,
            `BAD_PARAMS: goodsId or skuId does not match order ${String(info.orderSn)}`,
          );
        if (obj(order.parentOrderMap).parentOrderStatus !== 2)
          return this.fail(res, 2000000, `order ${String(info.orderSn)} is not waiting for shipment`);
        shipped.push({ order, line, request });
      }
    }
    const packageSnList: string[] = [];
    const touched = new Set<string>();
    for (const request of requests) {
      const trackingNumber = String(request.trackingNumber);
      const packageSn = `PK-${digitsOf(`pk:${trackingNumber}`, 14)}`;
      packageSnList.push(packageSn);
      for (const { order, line } of shipped.filter((s) => s.request === request)) {
        line.packageSnInfo = [{ packageSn, trackingNumber, carrierId: Number(request.carrierId) }];
        const sn = String(obj(order.parentOrderMap).parentOrderSn);
        if (!touched.has(sn))
          this.shipments.push({
            parentOrderSn: sn,
            trackingNumber,
            carrierId: String(request.carrierId),
            packageSn,
          });
        touched.add(sn);
      }
    }
    for (const sn of touched) {
      const parent = obj(this.findOrder(sn)!.order.parentOrderMap);
      parent.parentOrderStatus = 4;
    }
    this.ok(res, { packageSnList });
    for (const sn of touched) void this.setOrderStatus(sn, 4);
  }

  /** Every listing of a mall (tests and the demo look up what was published). */
  goodsOf(login: string): Json[] {
    const mall = this.malls.get(login);
    return mall ? [...mall.goods.values()] : [];
  }

  private goods(mall: SandboxMall, type: string, p: Json, res: ServerResponse): void {
    if (type === TEMU_TYPES.imageUpload) {
      const image = str(p.image);
      if (!image) return this.fail(res, 3000000, 'BAD_PARAMS: image is required');
      const sizeMode = num(obj(p.options).sizeMode) ?? 0;
      const [width, height] = sizeMode === 2 ? [1350, 1800] : sizeMode === 1 ? [800, 800] : [0, 0];
      const id = createHash('sha256').update(image).digest('hex').slice(0, 20);
      return this.ok(res, { url: `${this.server.url}/static/img-${id}.png`, width, height });
    }
    if (type === TEMU_TYPES.goodsSaleStatus) {
      const ids = arr(p.productIdList).map(String);
      const missing = ids.filter((id) => !mall.goods.has(id));
      if (!ids.length || missing.length)
        return this.fail(res, 2000000, `product not found: ${missing.join(',')}`);
      for (const id of ids) mall.goods.get(id)!.onSale = num(p.onSale) ?? 0;
      return this.ok(res, { successProductIdList: ids.map(Number) });
    }
    if (type === TEMU_TYPES.goodsList) {
      // ⚠ decision 0046: filtered by the SKC's ext code.
      const ext = str(p.skcExtCode);
      const list = [...mall.goods.values()].filter(
        (g) => !ext || arr(g.productSkcReqs).some((skc) => str(obj(skc).extCode) === ext),
      );
      return this.ok(res, {
        totalCount: list.length,
        data: list.map((g) => ({
          productId: Number(g.productId),
          productSkcId: Number(digitsOf(`skc:${String(g.productId)}`, 12)),
          skcExtCode: str(obj(arr(g.productSkcReqs)[0]).extCode),
          productName: str(g.productName),
          onSale: g.onSale,
          productSkuSummaries: arr(g.productSkuList).map((s) => ({
            productSkuId: obj(s).productSkuId,
            extCode: obj(s).extCode,
          })),
        })),
      });
    }
    const missing: string[] = [];
    if (!str(p.productName)) missing.push('productName');
    if (!arr(p.carouselImageUrls).length) missing.push('carouselImageUrls');
    const skus = arr(p.productSkcReqs)
      .flatMap((skc) => arr(obj(skc).productSkuReqs))
      .map(obj);
    if (!skus.length) missing.push('productSkcReqs.productSkuReqs');
    // Semi-managed listings must send prices per site and stock (contracts §2f).
    if (skus.some((s) => !arr(s.siteSupplierPrices).length)) missing.push('siteSupplierPrices');
    if (skus.some((s) => !arr(obj(s.productSkuStockQuantityReq).warehouseStockQuantityReqs).length))
      missing.push('productSkuStockQuantityReq');
    if (missing.length) return this.fail(res, 3000000, `BAD_PARAMS: missing ${missing.join(', ')}`);
    const names = [
      str(p.productName) ?? '',
      ...arr(p.productI18nReqs).map((r) => str(obj(r).productName) ?? ''),
    ];
    const prohibited = names.map(prohibitedWordIn).find(Boolean);
    if (prohibited)
      return this.fail(
        res,
        3000000,
        `BAD_PARAMS: 商品名称包含违禁词 / The product name contains a prohibited word: "${prohibited}"`,
      );
    let productId: string;
    if (type === TEMU_TYPES.goodsUpdate) {
      productId = str(p.productId) ?? '';
      if (!mall.goods.has(productId)) return this.fail(res, 2000000, 'product not found');
    } else {
      productId = digitsOf(`goods:${mall.mallId}:${mall.goods.size}:${randomBytes(4).toString('hex')}`, 15);
    }
    const productSkuList = skus.map((s, i) => ({
      productSkuId: Number(digitsOf(`sku:${productId}:${i}`, 12)),
      extCode: str(s.extCode),
      skuSpecList: s.productSkuSpecReqs ?? [],
    }));
    mall.goods.set(productId, { ...p, productId, onSale: 1, productSkuList });
    if (this.switches.take('failAfterWrite')) return this.fail(res, 4000000, 'SYSTEM_EXCEPTION', 503);
    this.ok(res, {
      productId: Number(productId),
      productSkcList: [{ productSkcId: Number(digitsOf(`skc:${productId}`, 12)) }],
      productSkuList,
    });
  }

  private async control(method: string, path: string, body: Buffer, res: ServerResponse): Promise<void> {
    if (method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
    let json: Json;
    try {
      json = body.length ? obj(JSON.parse(body.toString('utf8'))) : {};
    } catch {
      return sendJson(res, 400, { error: 'body is not JSON' });
    }
    switch (path) {
      case '/__sandbox/misbehave':
        this.misbehave(json);
        return sendJson(res, 200, { ok: true });
      case '/__sandbox/shipments':
        return sendJson(res, 200, { shipments: this.shipments });
      case '/__sandbox/expire-tokens':
        this.expireTokens(str(json.seller) ?? undefined);
        return sendJson(res, 200, { ok: true });
      case '/__sandbox/order-status': {
        const sn = str(json.parent_order_sn);
        const status = num(json.status);
        if (!sn || status === null || !this.findOrder(sn))
          return sendJson(res, 404, { error: 'no such order' });
        return sendJson(res, 200, { webhook: await this.setOrderStatus(sn, status) });
      }
      default:
        return sendJson(res, 404, { error: 'no such control' });
    }
  }
}
