import type { OrderImportTemplate } from '@pod/shared';

/**
 * The three spreadsheet templates an import recognises from its header row (issue 20, decision
 * 0051): the platform's own (zh-cn or en headers), the TikTok Shop seller-centre export (one row
 * per SKU line, row 2 a description row; SEA and US address columns) and the Temu seller-centre
 * export (contracts/marketplaces.md §4). Headers match case-insensitively, ignoring spacing.
 */

/** The fields a row of any template is read into. */
export const FIELDS = [
  'orderNo',
  'vendorStatus',
  'lineId',
  'skuId',
  'sellerSku',
  'productId',
  'productName',
  'skuName',
  'quantity',
  'unitPrice',
  'lineSubtotal',
  'currency',
  'shippingFee',
  'orderAmount',
  'recipient',
  'firstName',
  'lastName',
  'phone',
  'country',
  'province',
  'city',
  'district',
  'address1',
  'address2',
  'address3',
  'postcode',
  'buyerMessage',
  'createdAt',
  'paidAt',
  'shipBy',
  'imageUrl',
  'customText',
] as const;
export type Field = (typeof FIELDS)[number];

/** A header as compared: lower case, no whitespace at all. */
export const normaliseHeader = (h: string): string => h.toLowerCase().replace(/\s+/g, '');

/** The platform's own template: each column's zh-cn and en header, in order. */
export const PLATFORM_COLUMNS: ReadonlyArray<{
  field: Field;
  'zh-cn': string;
  en: string;
  required: boolean;
  width: number;
}> = [
  { field: 'orderNo', 'zh-cn': '第三方订单号', en: 'Third-party order no', required: true, width: 24 },
  { field: 'skuId', 'zh-cn': 'SKU ID', en: 'SKU ID', required: true, width: 20 },
  { field: 'sellerSku', 'zh-cn': '卖家SKU', en: 'Seller SKU', required: false, width: 18 },
  { field: 'productName', 'zh-cn': '商品名称', en: 'Product name', required: true, width: 28 },
  { field: 'skuName', 'zh-cn': '规格', en: 'Variation', required: false, width: 16 },
  { field: 'quantity', 'zh-cn': '数量', en: 'Quantity', required: true, width: 10 },
  { field: 'currency', 'zh-cn': '币种', en: 'Currency', required: false, width: 10 },
  { field: 'unitPrice', 'zh-cn': '销售单价', en: 'Unit price', required: false, width: 12 },
  { field: 'shippingFee', 'zh-cn': '运费', en: 'Shipping fee', required: false, width: 12 },
  { field: 'orderAmount', 'zh-cn': '订单金额', en: 'Order amount', required: false, width: 12 },
  { field: 'recipient', 'zh-cn': '收件人', en: 'Recipient', required: true, width: 18 },
  { field: 'phone', 'zh-cn': '电话', en: 'Phone', required: true, width: 18 },
  { field: 'country', 'zh-cn': '国家/地区代码', en: 'Country code', required: true, width: 12 },
  { field: 'province', 'zh-cn': '省/州', en: 'Province/State', required: false, width: 14 },
  { field: 'city', 'zh-cn': '城市', en: 'City', required: true, width: 16 },
  { field: 'district', 'zh-cn': '区/县', en: 'District', required: false, width: 14 },
  { field: 'address1', 'zh-cn': '地址1', en: 'Address line 1', required: true, width: 30 },
  { field: 'address2', 'zh-cn': '地址2', en: 'Address line 2', required: false, width: 20 },
  { field: 'postcode', 'zh-cn': '邮编', en: 'Postcode', required: false, width: 12 },
  { field: 'buyerMessage', 'zh-cn': '买家留言', en: 'Buyer message', required: false, width: 20 },
  { field: 'shipBy', 'zh-cn': '最晚发货时间', en: 'Ship by', required: false, width: 20 },
  { field: 'customText', 'zh-cn': '定制文字', en: 'Custom text', required: false, width: 18 },
];

/** The TikTok Shop export's headers (SEA columns, and the US export's address columns). */
const TIKTOK: Record<string, Field> = {
  'Order ID': 'orderNo',
  'Order Status': 'vendorStatus',
  'SKU ID': 'skuId',
  'Seller SKU': 'sellerSku',
  'Product Name': 'productName',
  Variation: 'skuName',
  Quantity: 'quantity',
  'SKU Unit Original Price': 'unitPrice',
  'SKU Subtotal After Discount': 'lineSubtotal',
  'Shipping Fee After Discount': 'shippingFee',
  'Order Amount': 'orderAmount',
  'Created Time': 'createdAt',
  'Paid Time': 'paidAt',
  'Buyer Message': 'buyerMessage',
  Recipient: 'recipient',
  'Phone #': 'phone',
  Zipcode: 'postcode',
  Country: 'country',
  // SEA
  Province: 'province',
  District: 'city',
  Districts: 'district',
  'Detail Address': 'address1',
  'Additional address information': 'address2',
  // US
  State: 'province',
  County: 'district',
  City: 'city',
  'Address Line 1': 'address1',
  'Address Line 2': 'address2',
};

/** The Temu US seller-center export's headers. */
const TEMU: Record<string, Field> = {
  'order id': 'orderNo',
  'order status': 'vendorStatus',
  'Order item ID': 'lineId',
  'product name': 'productName',
  variation: 'skuName',
  'sku id': 'skuId',
  'contribution sku': 'sellerSku',
  'quantity purchased': 'quantity',
  'recipient name': 'recipient',
  'recipient first name': 'firstName',
  'recipient last name': 'lastName',
  'recipient phone number': 'phone',
  'ship address 1': 'address1',
  'ship address 2': 'address2',
  'ship address 3': 'address3',
  district: 'district',
  'ship city': 'city',
  'ship state': 'province',
  'ship postal code': 'postcode',
  'ship country': 'country',
  'goods base price': 'unitPrice',
  'base price total': 'lineSubtotal',
  'shipping cost': 'shippingFee',
  'purchase date': 'createdAt',
};

const byNormal = (map: Record<string, Field>) =>
  new Map(Object.entries(map).map(([h, f]) => [normaliseHeader(h), f]));
const TIKTOK_N = byNormal(TIKTOK);
const TEMU_N = byNormal(TEMU);
const PLATFORM_N = new Map<string, Field>(
  PLATFORM_COLUMNS.flatMap((c) => [
    [normaliseHeader(c['zh-cn']), c.field],
    [normaliseHeader(c.en), c.field],
  ]),
);

/** Headers that tell the templates apart (each present in its template only). */
const SIGNATURE: Record<OrderImportTemplate, string[]> = {
  tiktok: ['Order ID', 'SKU ID', 'Seller SKU', 'Recipient', 'Phone #'],
  temu: ['order id', 'Order item ID', 'sku id', 'quantity purchased', 'recipient phone number'],
  platform: ['Third-party order no', 'SKU ID', 'Recipient', 'Country code'],
};
const PLATFORM_ZH_SIGNATURE = ['第三方订单号', 'SKU ID', '收件人', '国家/地区代码'];

/** Which column holds each field (0-based), for a header row of a recognised template. */
export interface TemplateMatch {
  template: OrderImportTemplate;
  columns: Map<Field, number>;
  /** The TikTok export's row 2 describes the columns: skipped. */
  skipsDescriptionRow: boolean;
}

function mapColumns(
  headers: string[],
  known: Map<string, Field>,
  prefix?: Map<string, Field>,
): Map<Field, number> {
  const columns = new Map<Field, number>();
  headers.forEach((raw, i) => {
    const h = normaliseHeader(raw);
    let field = known.get(h);
    // "ship postal code (Must be shipped to the following zip code.)": the header starts with it.
    if (!field && prefix) for (const [p, f] of prefix) if (h.startsWith(p)) field = f;
    if (field && !columns.has(field)) columns.set(field, i);
  });
  return columns;
}

const hasAll = (headers: Set<string>, wanted: string[]) =>
  wanted.every((w) => headers.has(normaliseHeader(w)));

/** The template of a header row, or null when it is none of the three. */
export function detectTemplate(headerRow: string[]): TemplateMatch | null {
  const headers = new Set(headerRow.map(normaliseHeader));
  if (hasAll(headers, SIGNATURE.temu))
    return {
      template: 'temu',
      columns: mapColumns(headerRow, TEMU_N, new Map([['shippostalcode', 'postcode']])),
      skipsDescriptionRow: false,
    };
  if (hasAll(headers, SIGNATURE.tiktok))
    return { template: 'tiktok', columns: mapColumns(headerRow, TIKTOK_N), skipsDescriptionRow: true };
  if (hasAll(headers, SIGNATURE.platform) || hasAll(headers, PLATFORM_ZH_SIGNATURE))
    return { template: 'platform', columns: mapColumns(headerRow, PLATFORM_N), skipsDescriptionRow: false };
  return null;
}

/** The TikTok export's headers in order (contracts §4), for fixtures and the benchmark. */
export const TIKTOK_EXPORT_HEADERS = [
  'Order ID',
  'Order Status',
  'Order Substatus',
  'Cancelation/Return Type',
  'Normal or Pre-order',
  'SKU ID',
  'Seller SKU',
  'Product Name',
  'Variation',
  'Quantity',
  'Sku Quantity of return',
  'SKU Unit Original Price',
  'SKU Subtotal Before Discount',
  'SKU Platform Discount',
  'SKU Seller Discount',
  'SKU Subtotal After Discount',
  'Shipping Fee After Discount',
  'Original Shipping Fee',
  'Shipping Fee Seller Discount',
  'Shipping Fee Platform Discount',
  'Payment platform discount',
  'Taxes',
  'Order Amount',
  'Order Refund Amount',
  'Created Time',
  'Paid Time',
  'RTS Time',
  'Shipped Time',
  'Delivered Time',
  'Cancelled Time',
  'Cancel By',
  'Cancel Reason',
  'Fulfillment Type',
  'Warehouse Name',
  'Tracking ID',
  'Delivery Option',
  'Shipping Provider Name',
  'Buyer Message',
  'Buyer Username',
  'Recipient',
  'Phone #',
  'Zipcode',
  'Country',
  'Province',
  'District',
  'Districts',
  'Detail Address',
  'Additional address information',
  'Payment Method',
  'Weight(kg)',
  'Product Category',
  'Package ID',
  'Seller Note',
  'Checked Status',
  'Checked Marked by',
] as const;

/** The Temu export's headers in order (contracts §4). */
export const TEMU_EXPORT_HEADERS = [
  'order id',
  'order status',
  'Logistics service suggestion',
  'Order item ID',
  'order item status',
  'product name',
  'product name by customer order',
  'variation',
  'sku id',
  'contribution sku',
  'quantity purchased',
  'quantity shipped',
  'quantity to ship',
  'recipient name',
  'recipient first name',
  'recipient last name',
  'recipient phone number',
  'virtual email',
  'ship address 1',
  'ship address 2',
  'ship address 3',
  'district',
  'ship city',
  'ship state',
  'ship postal code (Must be shipped to the following zip code.)',
  'ship country',
  'carrier',
  'tracking number',
  'activity goods base price',
  'base price total',
  'retail price total',
  'goods base price',
  'shipping cost',
  'order settlement status',
  'purchase date',
  'iPhone serial number',
  'keep proof of shipment before delivery',
] as const;
