import {
  alipayTimestamp,
  fromYuan,
  rsa2Verify,
  signRequest,
  toYuan,
  verifyNotification,
  type AlipayParams,
} from './alipay-sign.ts';

/** `alipay.trade.refund` (issue 22): a refund of part or all of a paid trade. */
export interface RefundRequest {
  outTradeNo: string;
  /** Fen. */
  refundAmount: number;
  /** The idempotency key: the same number refunds once, however often it is sent. */
  outRequestNo: string;
  reason: string;
}

/** What Alipay answered to a refund, after its response signature checked out. */
export type RefundResult =
  | {
      ok: true;
      tradeNo: string;
      /** Whether this call moved money ("N" for a repeated out_request_no). */
      fundChange: boolean;
      /** Everything refunded of the trade so far, fen. */
      refundFee: number;
    }
  | { ok: false; code: string; subCode: string; message: string };

/** The JSON text of `<name>` in a gateway reply, exactly as sent (what Alipay's signature covers). */
export function responseContent(body: string, name: string): string | null {
  const key = `"${name}":`;
  const start = body.indexOf(key);
  const end = body.lastIndexOf(',"sign":"');
  if (start < 0 || end < start) return null;
  return body.slice(start + key.length, end);
}

export interface PagePayRequest {
  outTradeNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  returnUrl: string;
  notifyUrl: string;
}

/** What a verified asynchronous notification says (Alipay "trade_status_sync"). */
export interface AlipayNotification {
  appId: string;
  notifyId: string;
  outTradeNo: string;
  tradeNo: string;
  tradeStatus: 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';
  /** Fen. */
  totalAmount: number;
  paidAt: Date | null;
}

/** The payment adapter the wallet uses (ARCHITECTURE "Adapters at the edge"). */
export interface AlipayProvider {
  readonly appId: string;
  readonly isSandbox: boolean;
  /** The browser address of the cashier for a page-pay request (`alipay.trade.page.pay`), signed. */
  pagePayUrl(request: PagePayRequest, now?: Date): string;
  /** The notification's facts when its signature and app id check out; otherwise null. */
  verifyNotification(params: AlipayParams): AlipayNotification | null;
  /**
   * Refunds part of a paid trade (`alipay.trade.refund`, out_request_no as the idempotency key).
   * Throws when the gateway cannot be reached or its reply does not verify.
   */
  refund(request: RefundRequest, now?: Date): Promise<RefundResult>;
}

export interface AlipayProviderOptions {
  gateway: string;
  appId: string;
  appPrivateKey: string;
  alipayPublicKey: string;
  sandbox: boolean;
}

const STATUSES = new Set(['WAIT_BUYER_PAY', 'TRADE_CLOSED', 'TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Parses Alipay's `yyyy-MM-dd HH:mm:ss` (Beijing time). */
function parseBeijing(value: string | undefined): Date | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value) : null;
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Alipay page pay over the open-platform gateway (real or the local sandbox). */
export class AlipayPageProvider implements AlipayProvider {
  readonly appId: string;
  readonly isSandbox: boolean;

  constructor(private readonly options: AlipayProviderOptions) {
    this.appId = options.appId;
    this.isSandbox = options.sandbox;
  }

  pagePayUrl(request: PagePayRequest, now = new Date()): string {
    const params = signRequest(
      {
        app_id: this.options.appId,
        method: 'alipay.trade.page.pay',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: alipayTimestamp(now),
        version: '1.0',
        return_url: request.returnUrl,
        notify_url: request.notifyUrl,
        biz_content: JSON.stringify({
          out_trade_no: request.outTradeNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: toYuan(request.amount),
          subject: request.subject,
        }),
      },
      this.options.appPrivateKey,
    );
    const url = new URL(this.options.gateway);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async refund(request: RefundRequest, now = new Date()): Promise<RefundResult> {
    const params = signRequest(
      {
        app_id: this.options.appId,
        method: 'alipay.trade.refund',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: alipayTimestamp(now),
        version: '1.0',
        biz_content: JSON.stringify({
          out_trade_no: request.outTradeNo,
          refund_amount: toYuan(request.refundAmount),
          out_request_no: request.outRequestNo,
          refund_reason: request.reason.slice(0, 250),
        }),
      },
      this.options.appPrivateKey,
    );
    const res = await fetch(this.options.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.text();
    const content = responseContent(body, 'alipay_trade_refund_response');
    const sign = /,"sign":"([^"]+)"/.exec(body)?.[1];
    if (!content || !sign || !rsa2Verify(content, sign, this.options.alipayPublicKey))
      throw new Error(`alipay.trade.refund: unverifiable reply (HTTP ${res.status})`);
    const reply = JSON.parse(content) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (text(reply.code) !== '10000')
      return {
        ok: false,
        code: text(reply.code),
        subCode: text(reply.sub_code),
        message: text(reply.sub_msg) || text(reply.msg),
      };
    const refundFee = fromYuan(text(reply.refund_fee));
    if (refundFee === null) throw new Error('alipay.trade.refund: reply without refund_fee');
    return { ok: true, tradeNo: text(reply.trade_no), fundChange: reply.fund_change === 'Y', refundFee };
  }

  verifyNotification(params: AlipayParams): AlipayNotification | null {
    if (!verifyNotification(params, this.options.alipayPublicKey)) return null;
    if (params.app_id !== this.options.appId) return null;
    const totalAmount = fromYuan(params.total_amount);
    const status = params.trade_status;
    if (totalAmount === null || !status || !STATUSES.has(status)) return null;
    if (!params.out_trade_no || !params.trade_no || !params.notify_id) return null;
    return {
      appId: params.app_id,
      notifyId: params.notify_id,
      outTradeNo: params.out_trade_no,
      tradeNo: params.trade_no,
      tradeStatus: status as AlipayNotification['tradeStatus'],
      totalAmount,
      paidAt: parseBeijing(params.gmt_payment),
    };
  }
}
