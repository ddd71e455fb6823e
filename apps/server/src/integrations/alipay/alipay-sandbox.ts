import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  alipayTimestamp,
  fromYuan,
  rsa2Sign,
  signNotification,
  toYuan,
  verifyRequest,
  type AlipayParams,
} from './alipay-sign.ts';

/** Delivers a notification body to the merchant's notify URL; returns the reply text. */
export type NotifyDelivery = (url: string, body: string) => Promise<string>;

export interface AlipaySandboxOptions {
  appId: string;
  /** The app's public key: the sandbox checks request signatures with it, as Alipay does. */
  appPublicKey: string;
  /** The sandbox's "Alipay" private key: notifications and returns are signed with it. */
  alipayPrivateKey: string;
  /** Defaults to an HTTP POST (application/x-www-form-urlencoded), as Alipay sends it. */
  deliver?: NotifyDelivery;
  /** Re-deliveries when the reply is not exactly `success` (Alipay retries for ~25 hours). */
  retries?: number;
}

/** A page-pay request the sandbox accepted and is showing a cashier page for. */
export interface SandboxPayment {
  token: string;
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'waiting' | 'paid' | 'closed';
  tradeNo: string;
  deliveries: string[];
  /** Refunds by out_request_no, fen (alipay.trade.refund). */
  refunds: Map<string, number>;
}

const SELLER_ID = '2088000000000001';
const BUYER_ID = '2088000000000002';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const defaultDelivery: NotifyDelivery = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  return res.text();
};

/**
 * A local stand-in for Alipay's page-pay cashier (ARCHITECTURE "Adapters at the edge"): it checks
 * the app's RSA2 request signature, shows a pay page, and on "Pay" posts a correctly signed
 * `trade_status_sync` notification to the request's notify_url, then redirects the browser to
 * return_url with signed return parameters. Tests and the demo use it; no network leaves the host.
 */
export class AlipaySandbox {
  private server: Server | undefined;
  private readonly payments = new Map<string, SandboxPayment>();
  private baseUrl = '';

  constructor(private readonly options: AlipaySandboxOptions) {}

  get url(): string {
    return this.baseUrl;
  }

  /** Listens on the port (0 picks a free one); resolves with the sandbox's base URL. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((req, res) => {
      // One request per connection: a client reusing a kept-alive socket the sandbox is closing at
      // that moment sees "other side closed" (seen under load in CI). A sandbox needs no keep-alive.
      res.setHeader('connection', 'close');
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('sandbox error');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The payment the sandbox holds for an out_trade_no (tests inspect deliveries). */
  payment(outTradeNo: string): SandboxPayment | undefined {
    return [...this.payments.values()].find((p) => p.outTradeNo === outTradeNo);
  }

  /** The signed notification Alipay would send for a payment (tests re-deliver it). */
  notificationFor(
    payment: Pick<SandboxPayment, 'outTradeNo' | 'totalAmount' | 'tradeNo' | 'subject'>,
    tradeStatus = 'TRADE_SUCCESS',
    at = new Date(),
  ): Record<string, string> {
    const time = alipayTimestamp(at);
    return signNotification(
      {
        notify_time: time,
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: this.options.appId,
        charset: 'utf-8',
        version: '1.0',
        auth_app_id: this.options.appId,
        trade_no: payment.tradeNo,
        out_trade_no: payment.outTradeNo,
        out_biz_no: '',
        buyer_id: BUYER_ID,
        seller_id: SELLER_ID,
        trade_status: tradeStatus,
        total_amount: payment.totalAmount,
        receipt_amount: payment.totalAmount,
        buyer_pay_amount: payment.totalAmount,
        subject: payment.subject,
        gmt_create: time,
        gmt_payment: time,
        fund_bill_list: JSON.stringify([{ amount: payment.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      },
      this.options.alipayPrivateKey,
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    if (url.pathname === '/health') return this.text(res, 200, 'ok');
    if (url.pathname === '/gateway.do') {
      const params: AlipayParams = Object.fromEntries(url.searchParams);
      if (req.method === 'POST')
        Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
      if (params.method === 'alipay.trade.refund') return this.refund(params, res);
      return this.cashier(params, res);
    }
    if (url.pathname === '/pay' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      return this.pay(form.get('token') ?? '', form.get('action') === 'cancel', res);
    }
    return this.text(res, 404, 'not found');
  }

  private cashier(params: AlipayParams, res: ServerResponse): void {
    if (params.app_id !== this.options.appId) return this.text(res, 400, 'invalid-app-id');
    if (params.method !== 'alipay.trade.page.pay') return this.text(res, 400, 'invalid-method');
    if (!verifyRequest(params, this.options.appPublicKey)) return this.text(res, 400, 'invalid-signature');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return this.text(res, 400, 'invalid-biz-content');
    }
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const totalAmount = typeof biz.total_amount === 'string' ? biz.total_amount : '';
    if (!outTradeNo || !/^\d+(\.\d{1,2})?$/.test(totalAmount) || !params.notify_url || !params.return_url) {
      return this.text(res, 400, 'invalid-parameters');
    }
    const existing = this.payment(outTradeNo);
    const payment: SandboxPayment = existing ?? {
      token: randomBytes(12).toString('hex'),
      outTradeNo,
      totalAmount,
      subject: typeof biz.subject === 'string' ? biz.subject : '',
      notifyUrl: params.notify_url,
      returnUrl: params.return_url,
      status: 'waiting',
      tradeNo: `${alipayTimestamp().replace(/\D/g, '').slice(0, 8)}2200${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e7)).padStart(7, '0')}`,
      deliveries: [],
      refunds: new Map(),
    };
    this.payments.set(payment.token, payment);
    const disabled = payment.status === 'waiting' ? '' : 'disabled';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Alipay sandbox 支付宝沙箱</title>
<style>body{font-family:sans-serif;max-width:420px;margin:60px auto;color:#333}
.amount{font-size:32px;color:#1677ff;margin:16px 0}button{padding:10px 24px;margin-right:8px;font-size:16px}</style></head>
<body><h1>Alipay sandbox · 支付宝沙箱</h1>
<p data-testid="subject">${escapeHtml(payment.subject)}</p>
<p>Order 订单号: <span data-testid="out-trade-no">${escapeHtml(payment.outTradeNo)}</span></p>
<div class="amount" data-testid="amount">¥ ${escapeHtml(payment.totalAmount)}</div>
<p data-testid="status">${payment.status}</p>
<form method="post" action="/pay"><input type="hidden" name="token" value="${payment.token}">
<button name="action" value="pay" ${disabled}>Pay 确认付款</button>
<button name="action" value="cancel" ${disabled}>Cancel 取消</button></form>
<p><small>Local sandbox: no real money moves. 本地沙箱，不会产生真实扣款。</small></p></body></html>`);
  }

  /**
   * `alipay.trade.refund`: refunds part of a paid trade once per out_request_no. A repeated number
   * with the same amount answers success with fund_change "N"; with another amount, or past what
   * was paid, a business error (code 40004), as Alipay does. The reply is signed over the raw JSON
   * text of `alipay_trade_refund_response`, as the gateway signs it.
   */
  private refund(params: AlipayParams, res: ServerResponse): void {
    const reply = (response: Record<string, string>) => {
      const content = JSON.stringify(response);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        `{"alipay_trade_refund_response":${content},"sign":"${rsa2Sign(content, this.options.alipayPrivateKey)}"}`,
      );
    };
    const fail = (code: string, msg: string, subCode: string, subMsg: string) =>
      reply({ code, msg, sub_code: subCode, sub_msg: subMsg });
    if (params.app_id !== this.options.appId)
      return fail('40002', 'Invalid Arguments', 'isv.invalid-app-id', 'invalid app id');
    if (!verifyRequest(params, this.options.appPublicKey))
      return fail('40002', 'Invalid Arguments', 'isv.invalid-signature', 'invalid signature');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'biz_content');
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const amount = fromYuan(str(biz.refund_amount));
    const requestNo = str(biz.out_request_no) || str(biz.out_trade_no);
    if (amount === null || amount <= 0 || !requestNo)
      return fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'refund_amount');
    const payment = this.payment(str(biz.out_trade_no));
    if (!payment || payment.status !== 'paid')
      return fail('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', 'trade does not exist');
    const total = fromYuan(payment.totalAmount) ?? 0;
    const refunded = () => [...payment.refunds.values()].reduce((a, b) => a + b, 0);
    const previous = payment.refunds.get(requestNo);
    if (previous !== undefined && previous !== amount)
      return fail('40004', 'Business Failed', 'ACQ.DISCORDANT_REPEAT_REQUEST', 'repeated request differs');
    const isNew = previous === undefined;
    if (isNew && refunded() + amount > total)
      return fail(
        '40004',
        'Business Failed',
        'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
        'refund exceeds the paid amount',
      );
    if (isNew) payment.refunds.set(requestNo, amount);
    return reply({
      code: '10000',
      msg: 'Success',
      trade_no: payment.tradeNo,
      out_trade_no: payment.outTradeNo,
      buyer_logon_id: 'san***@sandbox.com',
      fund_change: isNew ? 'Y' : 'N',
      refund_fee: toYuan(refunded()),
      gmt_refund_pay: alipayTimestamp(),
    });
  }

  private async pay(token: string, cancel: boolean, res: ServerResponse): Promise<void> {
    const payment = this.payments.get(token);
    if (!payment) return this.text(res, 404, 'unknown payment');
    if (payment.status === 'waiting') {
      payment.status = cancel ? 'closed' : 'paid';
      const body = new URLSearchParams(
        this.notificationFor(payment, cancel ? 'TRADE_CLOSED' : 'TRADE_SUCCESS'),
      ).toString();
      const deliver = this.options.deliver ?? defaultDelivery;
      for (let attempt = 0; attempt <= (this.options.retries ?? 2); attempt++) {
        const reply = await deliver(payment.notifyUrl, body).catch((e: unknown) => `error: ${String(e)}`);
        payment.deliveries.push(reply);
        if (reply.trim() === 'success') break;
      }
    }
    const back = new URL(payment.returnUrl);
    if (payment.status === 'paid') {
      const signed = signNotification(
        {
          app_id: this.options.appId,
          method: 'alipay.trade.page.pay.return',
          charset: 'utf-8',
          version: '1.0',
          timestamp: alipayTimestamp(),
          out_trade_no: payment.outTradeNo,
          trade_no: payment.tradeNo,
          total_amount: payment.totalAmount,
          seller_id: SELLER_ID,
        },
        this.options.alipayPrivateKey,
      );
      for (const [key, value] of Object.entries(signed)) back.searchParams.set(key, value);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private text(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  }
}
