import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  TreeSelect,
  Typography,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_LIMITS,
  CURRENCIES,
  MOCKUP_BLENDS,
  PRICE_TIER_KINDS,
  PRODUCT_STATUSES,
  STOCK_STATES,
  SURFACE_KINDS,
  productCreateSchema,
  quote,
  surfaceGeometry,
  wholesaleRanges,
  type Attachment,
  type CatalogIssue,
  type ImageRef,
  type Product,
  type StockState,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCountries } from '../logistics/factory-page.tsx';
import { UploadField } from '../uploads/upload-field.tsx';
import { CATALOG_RESOURCES, LINKED_RESOURCES } from './api.ts';
import { useCatalogField, useIssueText } from './catalog-form.ts';
import { ColorDot, DictionaryInput, knownImages, ReferenceSelect, useMoneyText } from './catalog-fields.tsx';
import type { ProductOptions } from './product-options.ts';
import {
  formIssues,
  newSurface,
  valuesToBody,
  type ProductValues,
  type SkuValues,
  type SurfaceValues,
} from './product-values.ts';
import { SurfaceAreaEditor, type SurfaceAreas } from './surface-area-editor.tsx';
import { defaultGeometry, proportionalPrintFile } from './surface-geometry.ts';

export type ProductFlavour = 'supplier' | 'merchant';
type Values = Partial<ProductValues>;
/** What the form knows about an image by attachment id: where to show it and its size. */
type ImageInfo = Record<
  string,
  { url: string; thumb_url: string | null; width: number | null; height: number | null }
>;

const SECTIONS = ['basic', 'variants', 'surfaces', 'prices', 'factories'] as const;
type Section = (typeof SECTIONS)[number];
/** Which tab shows an issue of a path (productIssues paths start with the field's name). */
const SECTION_OF: Record<string, Section> = {
  gallery: 'basic',
  skus: 'variants',
  color_ids: 'variants',
  size_ids: 'variants',
  surfaces: 'surfaces',
  price_tiers: 'prices',
  factory_addresses: 'factories',
};

/** The images a product row shows, by attachment id. */
function imagesOf(row: Product | null): ImageInfo {
  const info: ImageInfo = {};
  const add = (image: ImageRef | null) => {
    if (image) info[image.id] = image;
  };
  row?.gallery.forEach(add);
  row?.surfaces.forEach((s) => {
    s.mockups.forEach((m) => add(m.image));
    add(s.mask);
  });
  return info;
}

/** The upload field's known attachment for an image id the form has seen. */
function knownOf(images: ImageInfo, id: string | null | undefined) {
  const image = id ? images[id] : undefined;
  return id && image ? knownImages([{ id, ...image }]) : [];
}

// ---- Variants ----------------------------------------------------------------------------------------

/** The SKUs as a colour × size grid, each with its stock state (spec §3 Product: colour and size). */
function SkuMatrix({
  value = [],
  onChange,
  options,
  colorIds,
  sizeIds,
}: {
  value?: SkuValues[];
  onChange?: (skus: SkuValues[]) => void;
  options: ProductOptions;
  colorIds: readonly string[];
  sizeIds: readonly string[];
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const find = (colorId: string, sizeId: string) =>
    value.find((s) => s.color_id === colorId && s.size_id === sizeId);
  const setStock = (colorId: string, sizeId: string, stock: StockState) => {
    const existing = find(colorId, sizeId);
    onChange?.(
      existing
        ? value.map((s) => (s === existing ? { ...s, stock_state: stock } : s))
        : [...value, { color_id: colorId, size_id: sizeId, sku_code: '', stock_state: stock }],
    );
  };
  const setAll = (stock: StockState) =>
    onChange?.(
      colorIds.flatMap((colorId) =>
        sizeIds.map((sizeId) => ({
          color_id: colorId,
          size_id: sizeId,
          sku_code: find(colorId, sizeId)?.sku_code ?? '',
          stock_state: stock,
        })),
      ),
    );
  if (colorIds.length === 0 || sizeIds.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.product.chooseVariants')} />;
  const stockOptions = STOCK_STATES.map((s) => ({ value: s, label: t(`catalog.stock.${s}`) }));
  return (
    <Flex vertical gap={8}>
      <Space wrap>
        <Typography.Text type="secondary">
          {t('catalog.product.skuCount', { count: colorIds.length * sizeIds.length })}
        </Typography.Text>
        {STOCK_STATES.map((s) => (
          <Button key={s} size="small" onClick={() => setAll(s)}>
            {t('catalog.product.setAll', { state: t(`catalog.stock.${s}`) })}
          </Button>
        ))}
      </Space>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="sku-matrix"
        dataSource={colorIds.map(
          (id) => options.colorById(id) ?? { id, name: id, en_name: '', hex: '#ccc', swatch: null },
        )}
        columns={[
          {
            key: 'color',
            title: t('catalog.product.colorSize'),
            fixed: 'left',
            render: (_, color) => (
              <Flex align="center" gap={6}>
                <ColorDot hex={color.hex} image={color.swatch} />
                {language === 'en' && color.en_name ? color.en_name : color.name}
              </Flex>
            ),
          },
          ...sizeIds.map((sizeId) => {
            const size = options.sizeById(sizeId);
            return {
              key: sizeId,
              title: size ? (language === 'en' && size.en_name ? size.en_name : size.name) : sizeId,
              render: (_: unknown, color: { id: string }) => {
                const sku = find(color.id, sizeId);
                return (
                  <Flex vertical gap={2}>
                    <Select
                      size="small"
                      value={sku?.stock_state ?? 'in_stock'}
                      options={stockOptions}
                      onChange={(stock: StockState) => setStock(color.id, sizeId, stock)}
                      style={{ width: 112 }}
                    />
                    {sku?.sku_code ? (
                      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                        {sku.sku_code}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                );
              },
            };
          }),
        ]}
      />
    </Flex>
  );
}

// ---- Surfaces ---------------------------------------------------------------------------------------

/** One mockup upload per product colour, all of the surface's template size. */
function MockupsInput({
  value = [],
  onChange,
  colorIds,
  options,
  images,
  onUploaded,
  index,
}: {
  value?: SurfaceValues['mockups'];
  onChange?: (mockups: SurfaceValues['mockups']) => void;
  colorIds: readonly string[];
  options: ProductOptions;
  images: ImageInfo;
  onUploaded: (colorId: string, attachment: Attachment) => void;
  index: number;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (colorIds.length === 0)
    return <Typography.Text type="secondary">{t('catalog.product.chooseColorsFirst')}</Typography.Text>;
  return (
    <Flex wrap gap={12}>
      {colorIds.map((colorId) => {
        const color = options.colorById(colorId);
        const imageId = value.find((m) => m.color_id === colorId)?.image ?? null;
        const known = knownOf(images, imageId);
        return (
          <Flex key={colorId} vertical gap={4} align="center" data-testid={`mockup-${index}-${colorId}`}>
            <Flex align="center" gap={4}>
              {color ? <ColorDot hex={color.hex} image={color.swatch} /> : null}
              <Typography.Text style={{ fontSize: 12 }}>
                {color ? (language === 'en' && color.en_name ? color.en_name : color.name) : colorId}
              </Typography.Text>
            </Flex>
            <UploadField
              topic="image"
              known={known}
              value={imageId}
              onUploaded={(attachment) => onUploaded(colorId, attachment)}
              onChange={(id) => {
                const rest = value.filter((m) => m.color_id !== colorId);
                onChange?.(typeof id === 'string' && id ? [...rest, { color_id: colorId, image: id }] : rest);
              }}
              testId={`mockup-upload-${index}-${colorId}`}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}

function RectInputs({ name, label }: { name: Array<string | number>; label: string }) {
  const { t } = useTranslation();
  const cell = (part: 'x' | 'y' | 'width' | 'height', min: number) => (
    <Form.Item
      name={[...name, part]}
      noStyle
      rules={[{ required: true, type: 'integer', min, max: CATALOG_LIMITS.templatePx }]}
    >
      <InputNumber
        size="small"
        min={min}
        max={CATALOG_LIMITS.templatePx}
        precision={0}
        prefix={t(`catalog.surface.rect.${part}`)}
        aria-label={`${label} ${t(`catalog.surface.rect.${part}`)}`}
        data-testid={`${String(name.at(-1))}-${part}`}
        style={{ width: 104 }}
      />
    </Form.Item>
  );
  return (
    <Form.Item label={label} required>
      <Space wrap size={4}>
        {cell('x', 0)}
        {cell('y', 0)}
        {cell('width', 1)}
        {cell('height', 1)}
      </Space>
    </Form.Item>
  );
}

/** One design surface: its mockups per colour, the visual area editor and the numbers. */
function SurfaceCard({
  form,
  index,
  options,
  images,
  setImages,
  onRemove,
  issues,
}: {
  /** Untyped: the card reads and writes nested paths of one surface. */
  form: FormInstance;
  index: number;
  options: ProductOptions;
  images: ImageInfo;
  setImages: (update: (images: ImageInfo) => ImageInfo) => void;
  onRemove: () => void;
  issues: CatalogIssue[];
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const money = useMoneyText();
  const surface = Form.useWatch(['surfaces', index], { form, preserve: true }) as SurfaceValues | undefined;
  const colorIds = (Form.useWatch('color_ids', { form, preserve: true }) as string[] | undefined) ?? [];
  const designPrice = (Form.useWatch('design_price', { form, preserve: true }) as number | undefined) ?? 0;
  const [previewColor, setPreviewColor] = useState<string | null>(null);
  const [isProportional, setIsProportional] = useState(true);
  /** A field's path in the whole form (for the form's API). */
  const path = (...rest: Array<string | number>) => ['surfaces', index, ...rest];
  /** A field's name inside the surfaces list (Form.Items below Form.List are relative to it). */
  const name = (...rest: Array<string | number>) => [index, ...rest];

  if (!surface?.template || !surface.print_area || !surface.safe_area || !surface.print_file) return null;
  const shownColor = previewColor && colorIds.includes(previewColor) ? previewColor : (colorIds[0] ?? null);
  const mockupId = surface.mockups?.find((m) => m.color_id === shownColor)?.image ?? null;
  const imageUrl = mockupId ? (images[mockupId]?.url ?? null) : null;
  const geometry =
    surface.print_area.width > 0 && surface.print_file.dpi > 0 ? surfaceGeometry(surface) : null;

  const setAreas = (areas: SurfaceAreas) => {
    form.setFieldValue(path('print_area'), areas.print_area);
    form.setFieldValue(path('safe_area'), areas.safe_area);
    if (isProportional)
      form.setFieldValue(path('print_file'), proportionalPrintFile(surface.print_file, areas.print_area));
  };

  const onMockupUploaded = (colorId: string, attachment: Attachment) => {
    setImages((before) => ({ ...before, [attachment.id]: attachment }));
    setPreviewColor(colorId);
    const { width, height } = attachment;
    const hasOthers = (surface.mockups ?? []).some((m) => m.color_id !== colorId && m.image);
    // The first mockup gives the template its size (decision 0016: every mockup has it).
    if (
      width &&
      height &&
      !hasOthers &&
      (width !== surface.template.width || height !== surface.template.height)
    ) {
      const geometry = defaultGeometry({ width, height });
      form.setFieldValue(path('template'), geometry.template);
      form.setFieldValue(path('print_area'), geometry.print_area);
      form.setFieldValue(path('safe_area'), geometry.safe_area);
      form.setFieldValue(path('print_file'), { ...geometry.print_file, dpi: surface.print_file.dpi });
    }
  };

  return (
    <Card
      size="small"
      data-testid={`surface-${index}`}
      title={
        <Space>
          <Tag color="blue">{surface.key}</Tag>
          {surface.name || t('catalog.surface.untitled')}
        </Space>
      }
      extra={
        <Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={onRemove}>
          {t('crud.delete')}
        </Button>
      }
    >
      {issues.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="surface-issues"
          title={issues.map((issue) => issueText(issue)).join('；')}
        />
      ) : null}
      <Row gutter={24}>
        <Col flex="500px">
          <Flex vertical gap={8}>
            {colorIds.length > 1 ? (
              <Select
                size="small"
                value={shownColor}
                onChange={setPreviewColor}
                options={colorIds.map((id) => ({ value: id, label: options.colorById(id)?.name ?? id }))}
                prefix={t('catalog.surface.previewColor')}
                style={{ width: 240 }}
              />
            ) : null}
            <SurfaceAreaEditor
              imageUrl={imageUrl}
              template={surface.template}
              value={{ print_area: surface.print_area, safe_area: surface.safe_area }}
              onChange={setAreas}
            />
            <Space size={16} wrap>
              <Typography.Text>
                <span style={{ color: '#1677ff' }}>■</span> {t('catalog.surface.printArea')}
              </Typography.Text>
              <Typography.Text>
                <span style={{ color: '#52c41a' }}>▢</span> {t('catalog.surface.safeArea')}
              </Typography.Text>
            </Space>
            {geometry ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  {
                    key: 'size',
                    label: t('catalog.surface.printSize'),
                    children: `${geometry.print_size_mm.width} × ${geometry.print_size_mm.height} mm`,
                  },
                  {
                    key: 'scale',
                    label: t('catalog.surface.scale'),
                    children: t('catalog.surface.scaleValue', { scale: geometry.scale.toFixed(2) }),
                  },
                  {
                    key: 'price',
                    label: t('catalog.surface.effectivePrice'),
                    children: money(
                      Math.round(
                        ((surface.print_price ?? null) === null ? designPrice : (surface.print_price ?? 0)) *
                          100,
                      ),
                    ),
                  },
                ]}
              />
            ) : null}
          </Flex>
        </Col>
        <Col flex="1" style={{ minWidth: 320 }}>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item
                name={name('key')}
                label={t('catalog.surface.key')}
                rules={[
                  {
                    required: true,
                    pattern: /^[a-z][a-z0-9_]{0,29}$/,
                    message: t('catalog.surface.keyRule'),
                  },
                ]}
              >
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={name('name')}
                label={t('catalog.surface.name')}
                rules={[{ required: true, whitespace: true, max: 30 }]}
              >
                <Input maxLength={30} data-testid={`surface-name-${index}`} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('en_name')} label={t('catalog.surface.enName')}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('kind')} label={t('catalog.surface.kind')}>
                <Select
                  options={SURFACE_KINDS.map((k) => ({ value: k, label: t(`catalog.surface.kinds.${k}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('blend')} label={t('catalog.surface.blend')}>
                <Select
                  options={MOCKUP_BLENDS.map((b) => ({ value: b, label: t(`catalog.surface.blends.${b}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={name('print_price')}
                label={t('catalog.surface.printPrice')}
                extra={t('catalog.surface.printPriceHint')}
              >
                <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('catalog.surface.template')} required>
            <Space size={4}>
              <Form.Item name={name('template', 'width')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.templatePx}
                  precision={0}
                  prefix="W"
                  style={{ width: 104 }}
                />
              </Form.Item>
              <Form.Item name={name('template', 'height')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.templatePx}
                  precision={0}
                  prefix="H"
                  style={{ width: 104 }}
                />
              </Form.Item>
              <Typography.Text type="secondary">px</Typography.Text>
            </Space>
          </Form.Item>
          <RectInputs name={name('print_area')} label={t('catalog.surface.printArea')} />
          <RectInputs name={name('safe_area')} label={t('catalog.surface.safeArea')} />
          <Form.Item
            label={t('catalog.surface.printFile')}
            required
            extra={t('catalog.surface.printFileHint')}
          >
            <Space size={4} wrap>
              <Form.Item name={name('print_file', 'width')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.printPx}
                  precision={0}
                  prefix="W"
                  style={{ width: 112 }}
                />
              </Form.Item>
              <Form.Item name={name('print_file', 'height')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.printPx}
                  precision={0}
                  prefix="H"
                  style={{ width: 112 }}
                />
              </Form.Item>
              <Form.Item name={name('print_file', 'dpi')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={CATALOG_LIMITS.dpi.min}
                  max={CATALOG_LIMITS.dpi.max}
                  precision={0}
                  suffix="DPI"
                  style={{ width: 112 }}
                />
              </Form.Item>
              <Button
                size="small"
                onClick={() =>
                  form.setFieldValue(
                    path('print_file'),
                    proportionalPrintFile(surface.print_file, surface.print_area),
                  )
                }
              >
                {t('catalog.surface.fitPrintFile')}
              </Button>
              <Checkbox
                checked={isProportional}
                onChange={(event) => setIsProportional(event.target.checked)}
              >
                {t('catalog.surface.keepProportional')}
              </Checkbox>
            </Space>
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item
                name={name('bleed')}
                label={t('catalog.surface.bleed')}
                extra={t('catalog.surface.bleedHint')}
              >
                <InputNumber min={0} max={2000} precision={0} suffix="px" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={name('min_dpi')}
                label={t('catalog.surface.minDpi')}
                extra={t('catalog.surface.minDpiHint')}
              >
                <InputNumber
                  min={CATALOG_LIMITS.dpi.min}
                  max={CATALOG_LIMITS.dpi.max}
                  precision={0}
                  suffix="DPI"
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('sort')} label={t('catalog.surface.sort')}>
                <InputNumber precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Col>
      </Row>
      <Form.Item
        name={name('mockups')}
        label={t('catalog.surface.mockups')}
        extra={t('catalog.surface.mockupsHint')}
      >
        <MockupsInput
          colorIds={colorIds}
          options={options}
          images={images}
          onUploaded={onMockupUploaded}
          index={index}
        />
      </Form.Item>
      <Form.Item name={name('mask')} label={t('catalog.surface.mask')} extra={t('catalog.surface.maskHint')}>
        <UploadField
          topic="image"
          known={knownOf(images, surface.mask)}
          onUploaded={(attachment) => setImages((before) => ({ ...before, [attachment.id]: attachment }))}
        />
      </Form.Item>
    </Card>
  );
}

// ---- Prices -----------------------------------------------------------------------------------------

/** The engine's prices for anonymous buyers at a few quantities, with the first surface designed. */
function PricePreview({ values }: { values: Values }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const body = valuesToBody(values);
  const firstSurface = body.surfaces[0];
  const list = {
    currency: body.currency,
    base_price: body.base_price,
    design_price: body.design_price,
    surfaces: body.surfaces.map((s, i) => ({
      id: s.id ?? `new-${i}`,
      key: s.key,
      name: s.name,
      print_price: s.print_price,
    })),
    tiers: body.price_tiers.map((tier, i) => ({ ...tier, id: tier.id ?? `new-${i}` })),
  };
  const ranges = wholesaleRanges(list.tiers);
  const quantities = [...new Set([1, ...ranges.map((r) => r.min_qty)])].sort((a, b) => a - b);
  const rows = quantities.flatMap((quantity) => {
    try {
      const breakdown = quote(
        list,
        { merchant_id: null, level_id: null },
        { quantity, surfaces: firstSurface ? [firstSurface.key] : [] },
      );
      return [breakdown];
    } catch {
      return [];
    }
  });
  if (rows.length === 0) return null;
  return (
    <Card size="small" title={t('catalog.product.pricePreview')} data-testid="price-preview">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('catalog.product.pricePreviewHint', { surface: firstSurface?.name || firstSurface?.key || '—' })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="quantity"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'quantity', title: t('catalog.price.quantity'), render: (_, r) => `${r.quantity}+` },
          { key: 'base', title: t('catalog.price.base'), render: (_, r) => money(r.base, r.currency) },
          { key: 'print', title: t('catalog.price.print'), render: (_, r) => money(r.print, r.currency) },
          { key: 'unit', title: t('catalog.price.unit'), render: (_, r) => money(r.unit, r.currency) },
        ]}
      />
    </Card>
  );
}

function TierRows({
  form,
  flavour,
  issues,
  rule,
}: {
  form: FormInstance;
  flavour: ProductFlavour;
  issues: CatalogIssue[];
  /** Checks the whole list with the shared tier rules before the form submits. */
  rule: { validator: () => Promise<void> };
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const kinds = flavour === 'merchant' ? (['wholesale'] as const) : PRICE_TIER_KINDS;
  return (
    <Form.List name="price_tiers" rules={[rule]}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid="price-tiers">
          {fields.map((item) => {
            const rowIssues = issues.filter((i) => i.path[1] === item.name);
            return (
              <Flex key={item.key} vertical gap={2}>
                <Space align="start" wrap>
                  <Form.Item name={[item.name, 'kind']} noStyle>
                    <Select
                      style={{ width: 132 }}
                      options={kinds.map((k) => ({ value: k, label: t(`catalog.price.kinds.${k}`) }))}
                      aria-label={t('catalog.price.kind')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'min_qty']} noStyle rules={[{ required: true }]}>
                    <InputNumber
                      min={1}
                      max={100_000}
                      precision={0}
                      prefix="≥"
                      suffix={t('catalog.price.pieces')}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'price']} noStyle rules={[{ required: true }]}>
                    <InputNumber
                      min={0}
                      max={1_000_000}
                      precision={2}
                      prefix="¥"
                      style={{ width: 140 }}
                      aria-label={t('catalog.price.price')}
                    />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['price_tiers', item.name, 'kind']]}>
                    {() => {
                      const kind = form.getFieldValue(['price_tiers', item.name, 'kind']) as string;
                      if (kind === 'level')
                        return (
                          <Form.Item name={[item.name, 'level_id']} noStyle>
                            <ReferenceSelect
                              resource={LINKED_RESOURCES.merchantLevel}
                              placeholder={t('catalog.price.chooseLevel')}
                            />
                          </Form.Item>
                        );
                      if (kind === 'exclusive')
                        return (
                          <Form.Item name={[item.name, 'merchant_id']} noStyle>
                            <ReferenceSelect
                              resource={LINKED_RESOURCES.merchant}
                              placeholder={t('catalog.price.chooseMerchant')}
                            />
                          </Form.Item>
                        );
                      return (
                        <Typography.Text type="secondary">{t('catalog.price.everyone')}</Typography.Text>
                      );
                    }}
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('crud.delete')}
                    onClick={() => remove(item.name)}
                  />
                </Space>
                {rowIssues.length > 0 ? (
                  <Typography.Text type="danger" data-testid="tier-issue">
                    {rowIssues.map((issue) => issueText(issue)).join('；')}
                  </Typography.Text>
                ) : null}
              </Flex>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CATALOG_LIMITS.priceTiers}
            onClick={() =>
              add({ kind: 'wholesale', min_qty: 10, price: null, level_id: null, merchant_id: null })
            }
            data-testid="add-tier"
          >
            {t('catalog.price.addTier')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

// ---- Factory addresses ------------------------------------------------------------------------------

function FactoryAddresses() {
  const { t, i18n } = useTranslation();
  const countries = useCountries(i18n.language);
  return (
    <Form.List name="factory_addresses">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="factory-addresses">
          {fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.factory.empty')} />
          ) : null}
          {fields.map((item) => (
            <Card key={item.key} size="small">
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item
                    name={[item.name, 'name']}
                    label={t('catalog.factory.name')}
                    rules={[{ required: true, whitespace: true, max: 100 }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={[item.name, 'country']}
                    label={t('catalog.factory.country')}
                    rules={[{ required: true }]}
                  >
                    <Select
                      showSearch
                      optionFilterProp="label"
                      options={countries.data ?? []}
                      loading={countries.isPending}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[item.name, 'province']} label={t('catalog.factory.province')}>
                    <Input maxLength={50} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name={[item.name, 'address']}
                    label={t('catalog.factory.address')}
                    rules={[{ required: true, whitespace: true, max: 200 }]}
                  >
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item
                    name={[item.name, 'post_code']}
                    label={t('catalog.factory.postCode')}
                    rules={[{ pattern: /^[A-Za-z0-9 -]{0,12}$/, message: t('catalog.factory.postCodeRule') }]}
                  >
                    <Input maxLength={12} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item
                    name={[item.name, 'phone']}
                    label={t('catalog.factory.phone')}
                    rules={[
                      {
                        required: true,
                        pattern: /^(1[3-9]\d{9}|\+?[0-9 -]{6,20})$/,
                        message: t('catalog.factory.phoneRule'),
                      },
                    ]}
                  >
                    <Input maxLength={20} />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('crud.delete')}
                    onClick={() => remove(item.name)}
                    style={{ marginTop: 30 }}
                  />
                </Col>
              </Row>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CATALOG_LIMITS.factoryAddresses}
            onClick={() =>
              add({ name: '', country: 'CN', province: '', address: '', post_code: '', phone: '' })
            }
          >
            {t('catalog.factory.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

// ---- The form ---------------------------------------------------------------------------------------

/**
 * The product form (spec §3 Product): fields, colour × size SKUs with stock states, design surfaces
 * with a mockup per colour and the visual print-area editor, price tiers checked with the shared
 * rules, and the factory address table. Every tab is rendered, so every field submits.
 */
export function ProductFormFields({
  form,
  row,
  flavour,
  options,
}: {
  form: FormInstance<Values>;
  row: Product | null;
  flavour: ProductFlavour;
  options: ProductOptions;
}) {
  const { t } = useTranslation();
  const field = useZodField();
  const catalogField = useCatalogField();
  const fieldLabel = useFieldLabel();
  const issueText = useIssueText();
  const shape = productCreateSchema.shape;
  const [images, setImages] = useState<ImageInfo>(() => imagesOf(row));
  const watched = Form.useWatch((v: Values) => v, { form, preserve: true }) as Values | undefined;
  const values = useMemo(() => watched ?? {}, [watched]);
  const issues = useMemo(() => formIssues(values), [values]);
  const colorIds = values.color_ids ?? [];
  const sizeIds = values.size_ids ?? [];
  const isSupplier = flavour === 'supplier';
  const issuesOf = (section: Section) => issues.filter((i) => SECTION_OF[String(i.path[0])] === section);
  const tabLabel = (section: Section) => {
    const count = issuesOf(section).length;
    return (
      <span data-testid={`product-tab-${section}`}>
        {t(`catalog.product.tabs.${section}`)}
        {count > 0 ? (
          <Tag color="warning" style={{ marginInlineStart: 6 }}>
            {count}
          </Tag>
        ) : null}
      </span>
    );
  };

  const listRule = (section: Section) => ({
    validator: () => {
      const first = formIssues(form.getFieldsValue(true) as Values).find(
        (i) => SECTION_OF[String(i.path[0])] === section,
      );
      return first ? Promise.reject(new Error(issueText(first))) : Promise.resolve();
    },
  });

  // The dictionary is the supplier's (spec §2 SPU inventory); a merchant types its own values.
  const suggest = (type: string, max: number) =>
    isSupplier ? <DictionaryInput type={type} maxLength={max} /> : <Input maxLength={max} />;
  const text = (
    name: 'name' | 'en_name' | 'material' | 'process' | 'season',
    max: number,
    dictionary?: string,
  ): ReactNode => (
    <Form.Item {...field(name, shape[name])}>
      {dictionary ? suggest(dictionary, max) : <Input maxLength={max} />}
    </Form.Item>
  );

  const basic = (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item {...catalogField('category_id', shape.category_id, [], { isChoice: true })}>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={options.categories}
            loading={options.isPending}
            data-testid="product-category"
          />
        </Form.Item>
      </Col>
      <Col span={8}>{text('name', 100)}</Col>
      <Col span={8}>{text('en_name', 200)}</Col>
      <Col span={8}>
        <Form.Item {...field('style_code', shape.style_code)} extra={t('catalog.product.styleCodeHint')}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('product_type', shape.product_type)}>{suggest('product_type', 50)}</Form.Item>
      </Col>
      {isSupplier ? (
        <Col span={8}>
          <Form.Item {...field('spu_id', shape.spu_id)}>
            <ReferenceSelect resource={CATALOG_RESOURCES.spu} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={8}>{text('material', 100, 'material')}</Col>
      <Col span={8}>{text('process', 100, 'process')}</Col>
      <Col span={8}>
        <Form.Item {...field('weight', shape.weight)}>
          <InputNumber min={0} max={1_000_000} precision={0} suffix="g" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {isSupplier ? (
        <Col span={8}>
          <Form.Item {...field('factory_id', shape.factory_id)}>
            <ReferenceSelect resource={LINKED_RESOURCES.factory} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={8}>{text('season', 30, 'season')}</Col>
      {isSupplier ? (
        <Col span={8}>
          <Form.Item {...field('size_template_id', shape.size_template_id)}>
            <ReferenceSelect resource={CATALOG_RESOURCES.spuSizeTemplate} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={8}>
        <Form.Item {...field('expire_at', shape.expire_at)} extra={t('catalog.product.expireHint')}>
          <Input type="datetime-local" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('status', shape.status)}>
          <Radio.Group
            options={PRODUCT_STATUSES.map((s) => ({
              value: s,
              label: t(s === 'on_sale' ? 'catalog.product.onSale' : 'catalog.product.offSale'),
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('sort', shape.sort)}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('wash_care', shape.wash_care)}>{suggest('wash_care', 500)}</Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('image_requirements', shape.image_requirements)}>
          <Input.TextArea rows={2} maxLength={500} placeholder={t('catalog.product.imageRequirementsHint')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item {...field('introduction', shape.introduction)}>
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          {...catalogField('gallery', shape.gallery, [listRule('basic')])}
          extra={t('catalog.product.galleryHint')}
        >
          <UploadField
            topic="image"
            maxCount={CATALOG_LIMITS.galleryImages}
            known={knownImages(
              (values.gallery ?? []).map((id) => {
                const image = images[id];
                return image ? { id, ...image } : null;
              }),
            )}
            onUploaded={(attachment) => setImages((before) => ({ ...before, [attachment.id]: attachment }))}
            testId="product-gallery"
          />
        </Form.Item>
      </Col>
    </Row>
  );

  const colorOptions = options.colors.map((c) => ({
    value: c.id,
    label: (
      <Flex align="center" gap={6}>
        <ColorDot hex={c.hex} image={c.swatch} />
        {c.name}
      </Flex>
    ),
    search: `${c.name} ${c.en_name}`,
  }));
  const variants = (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...catalogField('color_ids', shape.color_ids)}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="search"
              options={colorOptions}
              loading={options.isPending}
              data-testid="product-colors"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...catalogField('size_ids', shape.size_ids)}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              options={options.sizes.map((s) => ({ value: s.id, label: s.name }))}
              loading={options.isPending}
              data-testid="product-sizes"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="skus" label={fieldLabel('skus')} rules={[listRule('variants')]}>
        <SkuMatrix options={options} colorIds={colorIds} sizeIds={sizeIds} />
      </Form.Item>
    </>
  );

  const surfaces = (
    <Form.List name="surfaces" rules={[listRule('surfaces')]}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={12} data-testid="product-surfaces">
          {fields.map((item) => (
            <SurfaceCard
              key={item.key}
              form={form}
              index={item.name}
              options={options}
              images={images}
              setImages={setImages}
              onRemove={() => remove(item.name)}
              issues={issues
                .filter((i) => i.path[0] === 'surfaces' && i.path[1] === item.name)
                .map((i) => ({ ...i, path: i.path.slice(2) }))}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CATALOG_LIMITS.surfacesPerProduct}
            onClick={() =>
              add(newSurface((form.getFieldValue('surfaces') as SurfaceValues[] | undefined) ?? []))
            }
            data-testid="add-surface"
          >
            {t('catalog.surface.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );

  const prices = (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item {...field('base_price', shape.base_price)} extra={t('catalog.product.basePriceHint')}>
          <InputNumber
            min={0}
            max={1_000_000}
            precision={2}
            prefix="¥"
            style={{ width: '100%' }}
            data-testid="product-base-price"
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          {...field('design_price', shape.design_price)}
          extra={t('catalog.product.designPriceHint')}
        >
          <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('currency', shape.currency)}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={14}>
        <Form.Item
          label={fieldLabel('price_tiers')}
          extra={t(isSupplier ? 'catalog.price.tiersHint' : 'catalog.price.templateTiersHint')}
        >
          <TierRows form={form} flavour={flavour} issues={issuesOf('prices')} rule={listRule('prices')} />
        </Form.Item>
      </Col>
      <Col span={10}>
        <PricePreview values={values} />
      </Col>
    </Row>
  );

  return (
    <Flex vertical gap={8}>
      {issues.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="product-issues"
          title={t('catalog.product.issues', { count: issues.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {issues.slice(0, 6).map((issue, i) => (
                <li key={i}>
                  {t(`catalog.product.tabs.${SECTION_OF[String(issue.path[0])] ?? 'basic'}`)}:{' '}
                  {issueText(issue)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Tabs
        items={SECTIONS.map((section) => ({
          key: section,
          label: tabLabel(section),
          forceRender: true,
          children:
            section === 'basic' ? (
              basic
            ) : section === 'variants' ? (
              variants
            ) : section === 'surfaces' ? (
              surfaces
            ) : section === 'prices' ? (
              prices
            ) : (
              <FactoryAddresses />
            ),
        }))}
      />
    </Flex>
  );
}
