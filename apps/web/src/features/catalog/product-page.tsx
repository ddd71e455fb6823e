import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n.ts';
import { catalogName } from '../../i18n/catalog-name.ts';
import {
  PRODUCT_STATUSES,
  type CatalogProduct,
  type Product,
  catalogOperations,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import { minorToYuan } from '../tenancy/money.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { useCatalogProduct, useCatalogProducts } from './api.ts';
import { CategoryTreeSelect, ColorDot, ImageThumb, SaleTag, useMoneyText } from './catalog-fields.tsx';
import { ProductFormFields, type ProductFlavour } from './product-form.tsx';
import { useMerchantOptions, useSupplierOptions } from './product-options.ts';
import { newSurface, productToValues, valuesToBody, type ProductValues } from './product-values.ts';

type Values = Partial<ProductValues>;

const FIELDS = [
  'category_id',
  'spu_id',
  'product_type',
  'name',
  'en_name',
  'style_code',
  'material',
  'process',
  'weight',
  'factory_id',
  'introduction',
  'season',
  'wash_care',
  'base_price',
  'design_price',
  'currency',
  'expire_at',
  'image_requirements',
  'status',
  'sort',
  'size_template_id',
  'gallery',
  'color_ids',
  'size_ids',
  'skus',
  'surfaces',
  'price_tiers',
  'factory_addresses',
] as const;

function initialValues(): Values {
  return {
    category_id: null,
    spu_id: null,
    factory_id: null,
    size_template_id: null,
    weight: 0,
    design_price: 0,
    currency: 'CNY',
    status: 'off_sale',
    sort: 0,
    expire_at: '',
    gallery: [],
    color_ids: [],
    size_ids: [],
    skus: [],
    surfaces: [newSurface([])],
    price_tiers: [],
    factory_addresses: [],
  };
}

function SupplierProductFields({ form, row }: { form: FormInstance<Values>; row: Product | null }) {
  const options = useSupplierOptions(row);
  return <ProductFormFields form={form} row={row} flavour="supplier" options={options} />;
}

/** A catalogue product's fields as the start of a merchant's own template (no mockups: its own). */
function prefillFrom(base: CatalogProduct): Values {
  return {
    category_id: base.category_id,
    product_type: base.product_type,
    name: base.name,
    en_name: base.en_name,
    material: base.material,
    process: base.process,
    weight: base.weight,
    season: base.season,
    wash_care: base.wash_care,
    introduction: base.introduction,
    image_requirements: base.image_requirements,
    base_price: minorToYuan(base.base_price),
    design_price: minorToYuan(base.design_price),
    currency: base.currency,
    color_ids: base.colors.map((c) => c.id),
    size_ids: base.sizes.map((s) => s.id),
    skus: [],
    surfaces: base.surfaces.map((s) => ({
      key: s.key,
      name: s.name,
      en_name: s.en_name,
      kind: s.kind,
      blend: s.blend,
      sort: s.sort,
      template: s.template,
      print_area: s.print_area,
      safe_area: s.safe_area,
      bleed: s.bleed,
      print_file: s.print_file,
      min_dpi: s.min_dpi,
      print_price: s.print_price === null ? null : minorToYuan(s.print_price),
      mockups: [],
      mask: null,
    })),
  };
}

/** A merchant's own template: it starts from a catalogue product and uploads its own mockups. */
function MerchantProductFields({ form, row }: { form: FormInstance<Values>; row: Product | null }) {
  const { t } = useTranslation();
  const [baseId, setBaseId] = useState<string | null>(null);
  const catalogue = useCatalogProducts({
    page: 1,
    limit: LIMITS.pagination.maxPageSize,
    scope: 'all',
  });
  const base = useCatalogProduct(baseId);
  const options = useMerchantOptions(row, base.data ?? null);
  const chosen = base.data;
  useEffect(() => {
    if (chosen) form.setFieldsValue(prefillFrom(chosen));
  }, [chosen, form]);
  return (
    <Flex vertical gap={8}>
      {row ? null : (
        <Alert
          type="info"
          showIcon
          title={t('catalog.template.startHint')}
          action={
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('catalog.template.chooseBase')}
              loading={catalogue.isPending || base.isFetching}
              value={baseId}
              onChange={setBaseId}
              options={(catalogue.data?.list ?? [])
                .filter((p) => !p.is_own)
                .map((p) => ({ value: p.id, label: `${p.name} (${p.style_code})` }))}
              style={{ width: 280 }}
              data-testid="template-base"
            />
          }
        />
      )}
      <ProductFormFields form={form} row={row} flavour="merchant" options={options} />
    </Flex>
  );
}

/**
 * Products (spec §3 Product): the supplier's catalogue (`catalog/product`) or a merchant's own
 * product templates (`catalog/product-template`, counted by its level). Same form, two resources.
 */
export function ProductPage({ flavour = 'supplier' }: { flavour?: ProductFlavour }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const english = language === 'en';
  const fieldLabel = useFieldLabel();
  const money = useMoneyText();
  const isSupplier = flavour === 'supplier';
  const resource = isSupplier ? catalogOperations.product : catalogOperations.productTemplate;

  // One config object per page: the CRUD kit's modal reloads the edited row when it changes.
  const form = useMemo<CrudFormConfig<Product>>(
    () => ({
      fieldNames: FIELDS,
      width: 1240,
      initialValues: { ...initialValues() },
      toValues: (row) => ({ ...productToValues(row) }),
      toBody: (values) => valuesToBody(values),
      render: ({ form: instance, row }) =>
        isSupplier ? (
          <SupplierProductFields form={instance} row={row} />
        ) : (
          <MerchantProductFields form={instance} row={row} />
        ),
    }),
    [isSupplier],
  );

  return (
    <CrudPage<Product>
      testId={isSupplier ? 'product-page' : 'product-template-page'}
      resource={resource}
      form={form}
      isSortable
      filters={
        <>
          <Form.Item name="status" label={fieldLabel('status')}>
            <Select
              allowClear
              placeholder={t('crud.all')}
              options={PRODUCT_STATUSES.map((s) => ({
                value: s,
                label: t(s === 'on_sale' ? 'catalog.product.onSale' : 'catalog.product.offSale'),
              }))}
              style={{ width: 120 }}
            />
          </Form.Item>
          {isSupplier ? (
            <Form.Item name="category_id" label={fieldLabel('category_id')}>
              <CategoryTreeSelect width={200} />
            </Form.Item>
          ) : null}
          <Form.Item name="style_code" label={fieldLabel('style_code')}>
            <Input
              allowClear
              maxLength={maxLengthOf(catalogOperations.product.list.query.shape.style_code)}
              style={{ width: 160 }}
            />
          </Form.Item>
        </>
      }
      rowActions={(row) =>
        isSupplier && row.status === 'on_sale' ? (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            href={`${PATHS.storeProductDetail}?id=${row.id}`}
            target="_blank"
          >
            {t('catalog.product.viewInStore')}
          </Button>
        ) : null
      }
      columns={[
        {
          key: 'cover',
          title: fieldLabel('gallery'),
          render: (row) => <ImageThumb image={row.cover} size={48} />,
        },
        {
          key: 'name',
          title: fieldLabel('name'),
          isOrderable: true,
          render: (row) => (
            <Flex vertical>
              <Typography.Text strong>{catalogName(row, language)}</Typography.Text>
              {row.en_name && row.en_name !== row.name ? (
                // The name in the other language, marked as such (`lang`).
                <span lang={english ? 'zh-CN' : 'en'}>
                  <Typography.Text type="secondary">{english ? row.name : row.en_name}</Typography.Text>
                </span>
              ) : null}
            </Flex>
          ),
        },
        { key: 'style_code', title: fieldLabel('style_code'), isOrderable: true },
        {
          key: 'category_name',
          title: fieldLabel('category_id'),
          render: (row) => catalogName({ name: row.category_name, en_name: row.category_en_name }, language),
        },
        {
          key: 'colors',
          title: fieldLabel('color_ids'),
          render: (row) => (
            <Flex gap={4} wrap>
              {row.colors.map((c) => (
                <span key={c.id} title={catalogName(c, language)}>
                  <ColorDot hex={c.hex} image={c.swatch} />
                </span>
              ))}
            </Flex>
          ),
        },
        {
          key: 'sizes',
          title: fieldLabel('size_ids'),
          render: (row) => row.sizes.map((s) => catalogName(s, language)).join(' / '),
        },
        {
          key: 'surfaces',
          title: t('catalog.product.tabs.surfaces'),
          render: (row) => (
            <Space size={[4, 4]} wrap>
              {row.surfaces.map((s) => (
                <Tag key={s.id}>{catalogName(s, language)}</Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'base_price',
          title: fieldLabel('base_price'),
          isOrderable: true,
          render: (row) => money(row.base_price, row.currency),
        },
        {
          key: 'design_price',
          title: fieldLabel('design_price'),
          render: (row) => money(row.design_price, row.currency),
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <SaleTag status={row.status} /> },
        { key: 'sort', title: fieldLabel('sort'), isOrderable: true, isHiddenByDefault: true },
        {
          key: 'updated_at',
          title: fieldLabel('updated_at'),
          render: (row) => <DateTime value={row.updated_at} />,
          isHiddenByDefault: true,
        },
      ]}
    />
  );
}

/** The merchant's own product templates (`catalog/product-template`). */
export function ProductTemplatePage() {
  return <ProductPage flavour="merchant" />;
}
