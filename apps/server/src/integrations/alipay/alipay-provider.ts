import {
  alipayTimestamp,
  fromYuan,
  signRequest,
  toYuan,
  verifyNotification,
  type AlipayParams,
} from './alipay-sign.ts';

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
