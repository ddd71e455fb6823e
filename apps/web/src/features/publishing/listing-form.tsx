import { useMemo } from 'react';
import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkPriceText,
  CURRENCIES,
  DEFAULT_RULE_SETTINGS,
  DELIVERY_DAYS,
  describeIssue,
  IMAGE_KINDS,
  listingFieldsSchema,
  maxLengthOf,
  MOCKUP_RENDITIONS,
  SALES_MODES,
  validateListing,
  WAREHOUSE_TYPES,
  warehouseRouteSchema,
  type Listing,
  type ListingFieldsInput,
  type RuleIssue,
} from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useListingChoices, useSaveListing } from './api.ts';

/** The longest text of each input, from the schema the server checks (issue 16: no copied limits). */
const fields = listingFieldsSchema.shape;
const MAX = {
  title: maxLengthOf(fields.title_zh),
  category: maxLengthOf(fields.category_id),
  country: maxLengthOf(fields.origin_country),
  province: maxLengthOf(fields.origin_province),
  warehouse: maxLengthOf(warehouseRouteSchema.shape.warehouse_id),
  skuPrefix: maxLengthOf(fields.sku_prefix),
  material: maxLengthOf(fields.composition.unwrap().element.shape.material),
};

/** What the form edits: the listing's fields, with the price as typed and the route flattened. */
interface FormValues {
  finished_id: string;
  shop_id: string;
  title_zh: string;
  title_en: string;
  category_id: string;
  price_text: string;
  declared_currency: (typeof CURRENCIES)[number];
  origin_country: string;
  origin_province: string;
  weight: number | null;
  volume: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  delivery_days: number | null;
  warehouse_id: string;
  warehouse_type: (typeof WAREHOUSE_TYPES)[number];
  site_ids: string[];
  sales_mode: (typeof SALES_MODES)[number];
  sku_prefix: string;
  stock: number;
  material: string;
  ratio: number | null;
  use_mockups: boolean;
}

const toMinor = (text: string) => Math.round(Number(text) * 100);

function valuesOf(listing: Listing | null): Partial<FormValues> {
  const f = listing?.fields ?? listingFieldsSchema.parse({});
  const route = f.warehouse_routes[0];
  return {
    finished_id: listing?.finished_id,
    shop_id: listing?.shop_id,
    title_zh: f.title_zh,
    title_en: f.title_en,
    category_id: f.category_id,
    price_text: f.declared_price === null ? '' : (f.declared_price / 100).toFixed(2),
    declared_currency: f.declared_currency,
    origin_country: f.origin_country,
    origin_province: f.origin_province,
    weight: f.weight,
    volume: f.volume,
    length: f.length,
    width: f.width,
    height: f.height,
    delivery_days: f.delivery_days,
    warehouse_id: route?.warehouse_id ?? '',
    warehouse_type: route?.warehouse_type ?? 'self',
    site_ids: f.site_ids,
    sales_mode: f.sales_mode,
    sku_prefix: f.sku_prefix,
    stock: f.stock,
    material: f.composition[0]?.material ?? '',
    ratio: f.composition[0]?.ratio ?? null,
    use_mockups: Object.values(f.images).some((l) => l.length > 0),
  };
}

/** The listing's fields from the form (images: the finished product's mockup renditions). */
function fieldsOf(
  v: Partial<FormValues>,
  mockupRef: string | null,
  base: Listing | null,
): ListingFieldsInput {
  const f = base?.fields ?? listingFieldsSchema.parse({});
  const pack = {
    length: v.length ?? 0,
    width: v.width ?? 0,
    height: v.height ?? 0,
    net_weight: v.weight ?? 0,
  };
  const images = Object.fromEntries(
    IMAGE_KINDS.map((kind) => {
      const r = MOCKUP_RENDITIONS[kind];
      const count = kind === 'product_photos' || kind === 'skc_carousel' ? 3 : kind === 'detail' ? 0 : 1;
      const list =
        v.use_mockups && mockupRef
          ? Array.from({ length: count }, () => ({
              source: 'mockup' as const,
              ref: mockupRef,
              width: r.width,
              height: r.height,
              bytes: 500_000,
              format: r.format,
            }))
          : [];
      return [kind, list];
    }),
  );
  const priceOk = checkPriceText('declared_price', v.price_text ?? '').length === 0;
  return {
    ...f,
    title_zh: v.title_zh ?? '',
    title_en: v.title_en ?? '',
    category_id: v.category_id ?? '',
    declared_price: priceOk ? toMinor(v.price_text ?? '') : null,
    declared_currency: v.declared_currency ?? 'USD',
    origin_country: v.origin_country ?? '',
    origin_province: v.origin_province ?? '',
    weight: v.weight ?? null,
    volume: v.volume ?? null,
    length: v.length ?? null,
    width: v.width ?? null,
    height: v.height ?? null,
    delivery_days: (v.delivery_days ?? null) as 1 | 2 | 9 | null,
    warehouse_routes: v.warehouse_id
      ? [
          {
            warehouse_id: v.warehouse_id,
            warehouse_type: v.warehouse_type ?? 'self',
            site_ids: v.site_ids ?? [],
          },
        ]
      : [],
    site_ids: v.site_ids ?? [],
    sales_mode: v.sales_mode ?? 'single_site',
    sku_prefix: v.sku_prefix ?? '',
    stock: v.stock ?? 100,
    composition: v.material ? [{ material: v.material, ratio: v.ratio ?? 0 }] : [],
    // Two size tables from the packaging info (spec §5: they must match it).
    size_tables: [0, 1].map((i) => ({ name: `T${i + 1}`, rows: [{ size: 'ONE', ...pack }] })),
    images,
  };
}

const TOP_FIELDS: Record<string, keyof FormValues> = {
  title_zh: 'title_zh',
  title_en: 'title_en',
  category_id: 'category_id',
  declared_price: 'price_text',
  origin_country: 'origin_country',
  origin_province: 'origin_province',
  weight: 'weight',
  volume: 'volume',
  length: 'length',
  width: 'width',
  height: 'height',
  delivery_days: 'delivery_days',
  site_ids: 'site_ids',
  warehouse_routes: 'warehouse_id',
  composition: 'material',
};

/** The publish form (spec §2, §3 Publish listing): the shared rules run as the merchant types. */
export function ListingForm({
  listing,
  open,
  onClose,
  onSaved,
}: {
  listing: Listing | null;
  open: boolean;
  onClose: () => void;
  onSaved: (listing: Listing, publish: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const choices = useListingChoices();
  const save = useSaveListing();
  const values = Form.useWatch((v: FormValues) => v, { form, preserve: true }) as
    Partial<FormValues> | undefined;
  const lang = currentLanguage();

  const finished = choices.data?.finished.find((f) => f.id === (values?.finished_id ?? listing?.finished_id));
  const shop = choices.data?.shops.find((s) => s.id === (values?.shop_id ?? listing?.shop_id));
  const platform = (shop?.platform ?? listing?.platform ?? 'tiktok') as 'tiktok' | 'temu';
  const mockupRef =
    finished?.colors[0] && finished.faces[0] ? `${finished.colors[0].id}:${finished.faces[0]}` : null;

  const issues: RuleIssue[] = useMemo(() => {
    if (!values) return [];
    const fields = fieldsOf(values, mockupRef, listing);
    const variations = Math.max(1, finished?.colors.length ?? 1);
    const out = validateListing(
      { ...fields, ...listingFieldsSchema.parse(fields), variations },
      DEFAULT_RULE_SETTINGS[platform],
    ).filter((i) => i.field !== 'declared_price');
    out.push(...checkPriceText('declared_price', values.price_text ?? ''));
    if (!fields.category_id?.trim()) out.push({ field: 'category_id', rule: 'required', severity: 'error' });
    return out;
  }, [values, mockupRef, listing, finished, platform]);

  const errorOf = (name: keyof FormValues) => {
    const found = issues.filter((i) => TOP_FIELDS[i.field.split('.')[0]!] === name);
    return found.length
      ? { validateStatus: 'error' as const, help: found.map((i) => describeIssue(i, lang)).join('; ') }
      : {};
  };
  const others = issues.filter((i) => !TOP_FIELDS[i.field.split('.')[0]!]);

  const submit = async (publish: boolean) => {
    const v = form.getFieldsValue(true) as FormValues;
    try {
      const saved = await save.mutateAsync({
        ...(listing ? { id: listing.id } : {}),
        finished_id: v.finished_id,
        shop_id: v.shop_id,
        fields: fieldsOf(v, mockupRef, listing),
      });
      onSaved(saved, publish);
    } catch (error) {
      form.setFields([
        { name: 'title_en', errors: [error instanceof ApiError ? error.msg : t('request.unknownError')] },
      ]);
    }
  };

  const num = (name: keyof FormValues, label: string, step = 0.1) => (
    <Col span={8}>
      <Form.Item name={name} label={label} {...errorOf(name)}>
        <InputNumber style={{ width: '100%' }} step={step} data-testid={`listing-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={listing ? t('publishing.editListing') : t('publishing.newListing')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => void submit(false)} loading={save.isPending} data-testid="listing-save">
            {t('publishing.saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void submit(true)}
            loading={save.isPending}
            disabled={issues.some((i) => i.severity === 'error')}
            data-testid="listing-save-publish"
          >
            {t('publishing.saveAndPublish')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={valuesOf(listing)} data-testid="listing-form">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="finished_id" label={t('publishing.finished')} required>
              <Select
                disabled={!!listing}
                data-testid="listing-finished"
                options={(choices.data?.finished ?? []).map((f) => ({
                  value: f.id,
                  label: `${f.code} ${f.name}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="shop_id" label={t('publishing.shop')} required>
              <Select
                disabled={!!listing}
                data-testid="listing-shop"
                options={(choices.data?.shops ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.name} (${s.platform})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title_zh" label={t('publishing.titleZh')} {...errorOf('title_zh')}>
              <Input data-testid="listing-title_zh" maxLength={MAX.title} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title_en" label={t('publishing.titleEn')} {...errorOf('title_en')}>
              <Input data-testid="listing-title_en" maxLength={MAX.title} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="category_id" label={t('publishing.category')} {...errorOf('category_id')}>
              <Input data-testid="listing-category_id" maxLength={MAX.category} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="price_text" label={t('publishing.declaredPrice')} {...errorOf('price_text')}>
              <Input data-testid="listing-price" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="declared_currency" label={t('publishing.currency')}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="origin_country"
              label={t('publishing.originCountry')}
              {...errorOf('origin_country')}
            >
              <Input data-testid="listing-origin_country" maxLength={MAX.country} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="origin_province"
              label={t('publishing.originProvince')}
              {...errorOf('origin_province')}
            >
              <Input data-testid="listing-origin_province" maxLength={MAX.province} />
            </Form.Item>
          </Col>
          {num('weight', t('publishing.weight'))}
          {num('volume', t('publishing.volume'))}
          {num('length', t('publishing.length'))}
          {num('width', t('publishing.width'))}
          {num('height', t('publishing.height'))}
          {num('stock', t('publishing.stock'), 1)}
          <Col span={8}>
            <Form.Item name="delivery_days" label={t('publishing.delivery')} {...errorOf('delivery_days')}>
              <Select
                data-testid="listing-delivery"
                options={DELIVERY_DAYS.map((d) => ({ value: d, label: t('publishing.days', { count: d }) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="warehouse_id" label={t('publishing.warehouse')} {...errorOf('warehouse_id')}>
              <Input data-testid="listing-warehouse" maxLength={MAX.warehouse} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="warehouse_type" label={t('publishing.warehouseType')}>
              <Select
                options={WAREHOUSE_TYPES.map((w) => ({
                  value: w,
                  label: t(`publishing.warehouseTypes.${w}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="site_ids" label={t('publishing.sites')} {...errorOf('site_ids')}>
              <Select mode="tags" data-testid="listing-sites" tokenSeparators={[',', ' ']} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sales_mode" label={t('publishing.salesMode')}>
              <Select
                options={SALES_MODES.map((m) => ({ value: m, label: t(`publishing.salesModes.${m}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sku_prefix" label={t('publishing.skuPrefix')}>
              <Input maxLength={MAX.skuPrefix} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="material" label={t('publishing.material')} {...errorOf('material')}>
              <Input maxLength={MAX.material} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="ratio" label={t('publishing.ratio')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="use_mockups" label={t('publishing.images')}>
              <Select
                data-testid="listing-images"
                options={[
                  { value: true, label: t('publishing.useMockups') },
                  { value: false, label: t('publishing.noImages') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {others.length ? (
          <Alert
            type="error"
            data-testid="rule-issues"
            title={t('publishing.ruleIssues')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {others.map((i, n) => (
                  <li key={n}>{describeIssue(i, lang)}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Form>
    </Drawer>
  );
}
