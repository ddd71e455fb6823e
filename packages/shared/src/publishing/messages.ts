import type { Language } from '../i18n.ts';
import type { RuleCode, RuleIssue } from './rules.ts';

type Text = Readonly<Record<Language, string>>;

/**
 * The words of every publishing rule, in both languages; `{{field}}` is the field's label
 * (spec §5 "Please enter {field}"). The server registers them as `publishing.rule.*` and the web
 * renders them with describeIssue, so a message reads the same on both sides.
 */
export const RULE_MESSAGES: Readonly<Record<RuleCode, Text>> = {
  required: { en: 'Please fill in {{field}}', 'zh-cn': '请填写{{field}}' },
  decimals: { en: '{{field}}: at most {{places}} decimal(s)', 'zh-cn': '{{field}}：最多{{places}}位小数' },
  positive: { en: '{{field}} must be greater than 0', 'zh-cn': '{{field}}必须大于0' },
  compositionTotal: {
    en: '{{field}}: the ratios must add up to 100% (now {{total}}%)',
    'zh-cn': '{{field}}：成分比例之和必须为100%（当前{{total}}%）',
  },
  sizeTableCount: {
    en: '{{field}}: select {{count}} size tables',
    'zh-cn': '{{field}}：必须选择{{count}}个尺码表',
  },
  sizeTableMismatch: {
    en: '{{field}} must match the packaging info ({{expected}})',
    'zh-cn': '{{field}}必须与包装信息一致（{{expected}}）',
  },
  imageCount: {
    en: '{{field}}: {{min}} to {{max}} images (now {{count}})',
    'zh-cn': '{{field}}：需要{{min}}至{{max}}张图片（当前{{count}}张）',
  },
  imageRatio: { en: '{{field}}: the ratio must be {{ratio}}', 'zh-cn': '{{field}}：图片比例必须为{{ratio}}' },
  imageMinSize: {
    en: '{{field}}: at least {{width}}×{{height}} px',
    'zh-cn': '{{field}}：尺寸至少{{width}}×{{height}}像素',
  },
  imageMaxSize: {
    en: '{{field}}: at most {{width}}×{{height}} px',
    'zh-cn': '{{field}}：尺寸最多{{width}}×{{height}}像素',
  },
  imageExactSize: {
    en: '{{field}}: must be {{width}}×{{height}} px',
    'zh-cn': '{{field}}：尺寸必须为{{width}}×{{height}}像素',
  },
  imageBytes: { en: '{{field}}: at most {{mb}} MB', 'zh-cn': '{{field}}：大小不能超过{{mb}}MB' },
  imageFormat: { en: '{{field}}: only {{formats}}', 'zh-cn': '{{field}}：仅支持{{formats}}格式' },
  warehouseRequired: { en: '{{field}}: select a warehouse', 'zh-cn': '{{field}}：请选择仓库' },
  siteRequired: { en: '{{field}}: select at least one site', 'zh-cn': '{{field}}：请至少选择一个站点' },
  multiSiteMinimum: {
    en: '{{field}}: a multi-site listing needs at least {{min}} sites (now {{count}})',
    'zh-cn': '{{field}}：多站点刊登至少选择{{min}}个站点（当前{{count}}个）',
  },
  warehouseSitesMin: {
    en: '{{field}}: with 5 or more operated sites each warehouse must cover at least {{min}}',
    'zh-cn': '{{field}}：运营站点不少于5个时，每个仓库至少覆盖{{min}}个站点',
  },
  warehouseSitesAll: {
    en: '{{field}}: with fewer than 5 operated sites each warehouse must cover all {{count}}',
    'zh-cn': '{{field}}：运营站点少于5个时，每个仓库必须覆盖全部{{count}}个站点',
  },
  deliveryWarehouse: {
    en: '{{field}}: 9-working-day delivery supports only warehouses of type "other"',
    'zh-cn': '{{field}}：9个工作日发货仅支持“其他”类型的仓库',
  },
  titlePunctuation: {
    en: '{{field}}: no punctuation or space before or after',
    'zh-cn': '{{field}}：首尾不能有标点符号或空格',
  },
  riskWord: { en: '{{field}} contains the risk word "{{word}}"', 'zh-cn': '{{field}}包含风险词“{{word}}”' },
  amountFormat: {
    en: '{{field}}: enter an amount such as 12.99',
    'zh-cn': '{{field}}：请输入正确的金额，例如12.99',
  },
  variationRequired: {
    en: '{{field}}: fill in the variation information (at least one colour)',
    'zh-cn': '{{field}}：请填写变体信息（至少一个颜色）',
  },
};

/** Labels of the fields issues name (the last named part of a path wins: `images.square.0` → square). */
export const FIELD_LABELS: Readonly<Record<string, Text>> = {
  title_zh: { en: 'Chinese title', 'zh-cn': '中文标题' },
  title_en: { en: 'English title', 'zh-cn': '英文标题' },
  declared_price: { en: 'Declared price', 'zh-cn': '申报价格' },
  price: { en: 'Price', 'zh-cn': '价格' },
  origin_country: { en: 'Origin country', 'zh-cn': '产地国家' },
  origin_province: { en: 'Origin province', 'zh-cn': '产地省份' },
  volume: { en: 'Volume', 'zh-cn': '体积' },
  weight: { en: 'Weight', 'zh-cn': '重量' },
  length: { en: 'Length', 'zh-cn': '长' },
  width: { en: 'Width', 'zh-cn': '宽' },
  height: { en: 'Height', 'zh-cn': '高' },
  net_weight: { en: 'Net weight', 'zh-cn': '净重' },
  material: { en: 'Material', 'zh-cn': '材质' },
  ratio: { en: 'Ratio', 'zh-cn': '比例' },
  composition: { en: 'Composition', 'zh-cn': '成分' },
  size_tables: { en: 'Size tables', 'zh-cn': '尺码表' },
  product_photos: { en: 'Product photos', 'zh-cn': '商品实拍图' },
  skc_carousel: { en: 'SKC carousel', 'zh-cn': 'SKC轮播图' },
  main: { en: 'Main images', 'zh-cn': '主图' },
  square: { en: 'Square image', 'zh-cn': '方形图' },
  thumbnail: { en: 'Thumbnail', 'zh-cn': '缩略图' },
  outer_package: { en: 'Outer package images', 'zh-cn': '外包装图' },
  theme: { en: 'Theme image', 'zh-cn': '主题图' },
  detail: { en: 'Detail images', 'zh-cn': '详情图' },
  warehouse_routes: { en: 'Warehouse', 'zh-cn': '仓库' },
  warehouse_id: { en: 'Warehouse ID', 'zh-cn': '仓库ID' },
  site_id: { en: 'Site', 'zh-cn': '站点' },
  id: { en: 'ID', 'zh-cn': 'ID' },
  site_ids: { en: 'Sites', 'zh-cn': '站点' },
  delivery_days: { en: 'Delivery promise', 'zh-cn': '发货时效' },
  warehouse_type: { en: 'Warehouse type', 'zh-cn': '仓库类型' },
  variations: { en: 'Variations', 'zh-cn': '变体' },
  category_id: { en: 'Category', 'zh-cn': '类目' },
  images: { en: 'Images', 'zh-cn': '图片' },
  rows: { en: 'Row', 'zh-cn': '行' },
  site_prices: { en: 'Site prices', 'zh-cn': '站点价格' },
  attributes: { en: 'Attributes', 'zh-cn': '属性' },
  retail_price: { en: 'Suggested retail price', 'zh-cn': '建议零售价' },
  original_price: { en: 'Original price', 'zh-cn': '原价' },
  capacity: { en: 'Capacity', 'zh-cn': '容量' },
  freight_template_id: { en: 'Freight template', 'zh-cn': '运费模板' },
  sku_prefix: { en: 'SKU prefix', 'zh-cn': 'SKU前缀' },
  skc_number: { en: 'SKC number', 'zh-cn': 'SKC编号' },
  sensitive_type: { en: 'Sensitive type', 'zh-cn': '敏感类型' },
  package_shape: { en: 'Package shape', 'zh-cn': '包装形状' },
  package_type: { en: 'Package type', 'zh-cn': '包装类型' },
};

/** Groups whose own label is left out of a path's label (`images.square.0` reads "Square image #1"). */
const GROUPS = new Set(['images']);

/**
 * The label of an issue's field, naming every labelled part of its path with its number:
 * `images.square.0` → "Square image #1", `size_tables.1.rows.0.net_weight` → "Size tables #2 ›
 * Row #1 › Net weight". A path no part of which has a label is shown as it is.
 */
export function fieldLabel(field: string, lang: Language): string {
  const parts = field.split('.');
  const labels: string[] = [];
  parts.forEach((part, i) => {
    const label = FIELD_LABELS[part];
    if (!label || (GROUPS.has(part) && i < parts.length - 1)) return;
    const next = parts[i + 1];
    labels.push(label[lang] + (next !== undefined && /^\d+$/.test(next) ? ` #${Number(next) + 1}` : ''));
  });
  return labels.length ? labels.join(' › ') : field;
}

/** Renders `{{name}}` placeholders. */
export function fillTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** An issue in words, naming the field and the rule. */
export function describeIssue(issue: RuleIssue, lang: Language): string {
  return fillTemplate(RULE_MESSAGES[issue.rule][lang], {
    ...(issue.params ?? {}),
    field: fieldLabel(issue.field, lang),
  });
}
