import { addressIssues } from '@pod/shared';
import { toMinor } from '../../integrations/marketplace/index.ts';
import type { MarketAddress, MarketOrderState } from '../../integrations/marketplace/index.ts';
import type { MarketplaceOrderLineInput } from '../orders/index.ts';
import type { Field, TemplateMatch } from './templates.ts';

/** Why a row failed: an i18n key and its parameters (a field's name is translated too). */
export interface RowReason {
  key: string;
  params?: Record<string, string | number | { t: string }>;
}

/** One data row read into the platform's terms. */
export interface ParsedRow {
  /** 1-based row number in the sheet. */
  rowNo: number;
  /** The row's cell values as read, for the failed-rows file (turned into text only if it fails). */
  values: readonly unknown[];
  orderNo: string;
  reasons: RowReason[];
  line: MarketplaceOrderLineInput;
  vendorStatus: string;
  currency: string;
  shippingFee: number | null;
  orderAmount: number | null;
  lineSubtotal: number | null;
  address: MarketAddress;
  createdAt: Date | null;
  paidAt: Date | null;
  shipBy: Date | null;
  buyerMessage: string;
}

/** A row's cells as text, `width` of them (the failed-rows file). */
export function cellsOf(values: readonly unknown[], width: number): string[] {
  return Array.from({ length: width }, (_, i) => cellText(values[i]));
}

/** A cell of ExcelJS's reader as text (rich text, hyperlinks, formulas' results, dates). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // PostgreSQL stores no NUL character in text.
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: string }) => r.text ?? '').join('');
    if ('text' in v) return cellText(v.text);
    if ('result' in v) return cellText(v.result);
    if ('error' in v) return '';
  }
  return '';
}

// ---- Countries, currencies, states, dates ---------------------------------------------------------

const REGION_CODES = (() => {
  const codes: string[] = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (const a of letters) for (const b of letters) if (en.of(a + b)) codes.push(a + b);
  return codes;
})();
const COUNTRY_BY_NAME: Map<string, string> = (() => {
  const map = new Map<string, string>();
  for (const lang of ['en', 'zh-CN']) {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const code of REGION_CODES) {
      const name = names.of(code);
      if (name) map.set(name.toLowerCase().replace(/\s+/g, ''), code);
    }
  }
  for (const [alias, code] of Object.entries({
    usa: 'US',
    unitedstatesofamerica: 'US',
    uk: 'GB',
    greatbritain: 'GB',
    england: 'GB',
    vietnam: 'VN',
    'viet nam': 'VN',
  }))
    map.set(alias.replace(/\s+/g, ''), code);
  return map;
})();

/** An ISO 3166 alpha-2 code from a code or a country's name (English or Chinese); null otherwise. */
export function countryCode(text: string): string | null {
  const t = text.trim();
  if (/^[A-Za-z]{2}$/.test(t)) return REGION_CODES.includes(t.toUpperCase()) ? t.toUpperCase() : null;
  return COUNTRY_BY_NAME.get(t.toLowerCase().replace(/\s+/g, '')) ?? null;
}

const CURRENCY_BY_COUNTRY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  MY: 'MYR',
  TH: 'THB',
  ID: 'IDR',
  VN: 'VND',
  PH: 'PHP',
  SG: 'SGD',
  CN: 'CNY',
  MX: 'MXN',
  CA: 'CAD',
  AU: 'AUD',
  JP: 'JPY',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
};
const CURRENCY_MARKS: Array<[RegExp, string]> = [
  [/^S\$/, 'SGD'],
  [/^RM/i, 'MYR'],
  [/^Rp/i, 'IDR'],
  [/^₱/, 'PHP'],
  [/^฿/, 'THB'],
  [/^₫|₫$/, 'VND'],
  [/^£/, 'GBP'],
  [/^€/, 'EUR'],
  [/^¥|^￥/, 'CNY'],
  [/^\$/, 'USD'],
];

/** An amount cell: its currency mark or code, if any, and the number (thousands separators dropped). */
function amountParts(text: string): { currency: string | null; number: string } {
  let rest = text.trim();
  let currency: string | null = null;
  const code = /^([A-Z]{3})\s*|\s*([A-Z]{3})$/.exec(rest);
  if (code) {
    currency = (code[1] ?? code[2])!;
    rest = rest.replace(code[0], '');
  }
  for (const [mark, c] of CURRENCY_MARKS)
    if (mark.test(rest)) {
      currency ??= c;
      rest = rest.replace(mark, '');
      break;
    }
  return { currency, number: rest.replace(/[,\s]/g, '') };
}

const STATE_BY_STATUS: Array<[RegExp, MarketOrderState]> = [
  [/unpaid|awaiting ?payment|待付款|未付款/i, 'unpaid'],
  [/cancel|取消/i, 'cancelled'],
  [/deliver|complete|已签收|已完成/i, 'delivered'],
  [/await|to ?ship|pending|unshipped|processing|collection|待发货/i, 'awaiting_shipment'],
  [/ship|transit|已发货|运输/i, 'shipped'],
];

/** The platform's reading of a vendor's status text (the text itself is kept as it is). */
export function marketStateOf(status: string): MarketOrderState {
  const s = status.trim();
  if (!s) return 'awaiting_shipment';
  for (const [pattern, state] of STATE_BY_STATUS) if (pattern.test(s)) return state;
  return 'other';
}

/** A date cell: a Date, an Excel serial day, ISO text, or `DD/MM/YYYY` / `MM/DD/YYYY` with a time. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') {
    if (value < 20_000 || value > 80_000) return null;
    return new Date(Math.round((value - 25_569) * 86_400_000));
  }
  const text = cellText(value).trim();
  if (!text) return null;
  const slash = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i.exec(
    text,
  );
  if (slash) {
    let [a, b] = [Number(slash[1]), Number(slash[2])];
    // DD/MM when the first part cannot be a month; MM/DD otherwise (TikTok US).
    const [day, month] = a > 12 ? [a, b] : [b, a];
    a = day;
    b = month;
    let hour = Number(slash[4] ?? 0);
    if (slash[7]?.toUpperCase() === 'PM' && hour < 12) hour += 12;
    if (slash[7]?.toUpperCase() === 'AM' && hour === 12) hour = 0;
    const d = new Date(
      Date.UTC(Number(slash[3]), b - 1, a, hour, Number(slash[5] ?? 0), Number(slash[6] ?? 0)),
    );
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const iso = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?/.test(text)
    ? new Date(text.includes('T') || text.length <= 10 ? text : `${text.replace(' ', 'T')}Z`)
    : null;
  return iso && !Number.isNaN(iso.getTime()) ? iso : null;
}

// ---- A row ---------------------------------------------------------------------------------------

const MAX_TEXT = { orderNo: 64, skuId: 64, name: 300, address: 300, short: 100 } as const;
const MAX_QUANTITY = 9_999;
/** The largest amount a row may state, in minor units (the platform's money limit). */
const MAX_AMOUNT = 100_000_000_00;

const fieldName = (field: string) => ({ t: `intake.field.${field}` });

/**
 * Reads one data row of a recognised template: the line, the order's fields and the address,
 * validated with checkout's rules (addressIssues) and the amount rules. Reasons are collected,
 * not thrown: every problem of the row is reported.
 */
export function parseRow(match: TemplateMatch, rowNo: number, values: readonly unknown[]): ParsedRow {
  const raw = (f: Field): unknown => {
    const i = match.columns.get(f);
    return i === undefined ? undefined : values[i];
  };
  const text = (f: Field) => cellText(raw(f)).trim();
  const reasons: RowReason[] = [];
  const required = (f: Field, value: string) => {
    if (!value) reasons.push({ key: 'intake.reason.required', params: { field: fieldName(f) } });
  };
  const tooLong = (f: Field, value: string, max: number) => {
    if (value.length > max)
      reasons.push({ key: 'intake.reason.tooLong', params: { field: fieldName(f), max } });
  };

  const orderNo = text('orderNo');
  required('orderNo', orderNo);
  tooLong('orderNo', orderNo, MAX_TEXT.orderNo);
  const sellerSku = text('sellerSku');
  const skuId = text('skuId') || sellerSku;
  required('skuId', skuId);
  tooLong('skuId', skuId, MAX_TEXT.skuId);
  const productName = text('productName') || sellerSku || skuId;
  tooLong('productName', productName, MAX_TEXT.name);

  const quantityText = text('quantity');
  const quantity = Number(quantityText);
  if (!quantityText) required('quantity', quantityText);
  else if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
    reasons.push({ key: 'intake.reason.quantity', params: { max: MAX_QUANTITY } });

  // The address, read as checkout reads one.
  const countryText = text('country');
  const country = countryText ? countryCode(countryText) : null;
  required('country', countryText);
  if (countryText && !country) reasons.push({ key: 'intake.reason.country', params: { value: countryText } });
  const name = text('recipient') || [text('firstName'), text('lastName')].filter(Boolean).join(' ');
  required('recipient', name);
  const phone = text('phone');
  required('phone', phone);
  const city = text('city') || text('district');
  required('city', city);
  const address1 = text('address1');
  required('address1', address1);
  const address2 = [text('address2'), text('address3')].filter(Boolean).join(' ');
  for (const [f, v] of [
    ['recipient', name],
    ['city', city],
    ['province', text('province')],
  ] as const)
    tooLong(f, v, MAX_TEXT.short);
  tooLong('address1', address1, MAX_TEXT.address);
  const address: MarketAddress = {
    name,
    phone: phone || null,
    country,
    province: text('province') || null,
    city: city || null,
    district: text('district') && text('city') ? text('district') : null,
    address1,
    address2: address2 || null,
    postcode: text('postcode') || null,
  };
  if (country && phone && city && address1)
    for (const issue of addressIssues({
      first_name: name,
      mobile_phone: phone,
      country,
      province: address.province ?? '',
      city,
      street: address1,
      postcode: address.postcode ?? '',
    }))
      reasons.push({
        key: issue.rule === 'addressRequired' ? 'intake.reason.required' : `intake.reason.${issue.rule}`,
        params: { field: fieldName(issue.field === 'mobile_phone' ? 'phone' : issue.field) },
      });

  // Amounts: in the row's currency (a currency column, a mark in the cell, or the country's).
  const currencyText = text('currency').toUpperCase();
  const marked = ['unitPrice', 'lineSubtotal', 'orderAmount', 'shippingFee']
    .map((f) => amountParts(text(f as Field)).currency)
    .find(Boolean);
  const currency = currencyText || marked || (country ? CURRENCY_BY_COUNTRY[country] : undefined) || 'USD';
  if (!/^[A-Z]{3}$/.test(currency))
    reasons.push({ key: 'intake.reason.currency', params: { value: currency } });
  const amount = (f: Field): number | null => {
    const t = text(f);
    if (!t) return null;
    const minor = toMinor(amountParts(t).number, currency);
    if (minor === null || minor < 0 || minor > MAX_AMOUNT) {
      reasons.push({ key: 'intake.reason.amount', params: { field: fieldName(f) } });
      return null;
    }
    return minor;
  };
  const unitPrice = amount('unitPrice');
  const lineSubtotal = amount('lineSubtotal');
  const shippingFee = amount('shippingFee');
  const orderAmount = amount('orderAmount');

  const custom = text('customText');
  const lineId = text('lineId');
  return {
    rowNo,
    values,
    orderNo,
    reasons,
    vendorStatus: text('vendorStatus').slice(0, MAX_TEXT.short),
    currency,
    shippingFee,
    orderAmount,
    lineSubtotal: lineSubtotal ?? (unitPrice !== null && quantity > 0 ? unitPrice * quantity : null),
    address,
    createdAt: parseDate(raw('createdAt')),
    paidAt: parseDate(raw('paidAt')),
    shipBy: parseDate(raw('shipBy')),
    buyerMessage: text('buyerMessage').slice(0, 500),
    line: {
      lineIds: lineId ? [lineId] : [],
      productId: text('productId') || null,
      skuId,
      sellerSku: sellerSku || null,
      productName: productName.slice(0, MAX_TEXT.name),
      skuName: text('skuName').slice(0, MAX_TEXT.short) || null,
      imageUrl: null,
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
      unitPrice,
      customisation: custom
        ? [{ kind: 'text', value: custom.slice(0, 500), label: null, previewUrl: null }]
        : [],
    },
  };
}
