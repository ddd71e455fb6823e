import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  maxLengthOf,
  shopOperations,
  skuMappingCreateSchema,
  skuMappingOperations,
  type SkuMapping,
} from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import { useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { FinishedSkuPicker, isCompleteSku, type FinishedSku } from './finished-sku-picker.tsx';

const FIELDS = ['shop_id', 'external_sku_id', 'external_product_id', 'external_skc_id', 'target'] as const;

/**
 * The SKU mappings (issue 19, decision 0040; menu component `orders/sku-mapping`): which finished
 * product, colour and size a shop's marketplace SKU links to. Order intake links later orders of
 * the SKU from here; editing a mapping changes future links only. The shop and SKU of a mapping
 * are its key: editing changes what it links to.
 */
export function SkuMappingPage() {
  const { t } = useTranslation();
  const shops = useCrudSelect(shopOperations.shop);
  const shopName = (id: string) => shops.data?.find((s) => s.value === id)?.label ?? '—';
  const required = (field: string) => [
    { required: true, whitespace: true, message: t('validation.required', { field }) },
  ];

  const form: CrudFormConfig<SkuMapping> = {
    fieldNames: FIELDS,
    initialValues: { external_product_id: '', external_skc_id: '', target: {} },
    toValues: (row) => ({
      shop_id: row.shop_id,
      external_sku_id: row.external_sku_id,
      external_product_id: row.external_product_id,
      external_skc_id: row.external_skc_id,
      target: { finished_product_id: row.finished_product_id, color_id: row.color_id, size_id: row.size_id },
    }),
    toBody: (values, mode) => {
      const target = values.target as FinishedSku;
      const link = {
        finished_product_id: target.finished_product_id,
        color_id: target.color_id,
        size_id: target.size_id,
      };
      if (mode === 'edit') return link;
      return {
        shop_id: values.shop_id,
        external_sku_id: values.external_sku_id,
        external_product_id: values.external_product_id ?? '',
        external_skc_id: values.external_skc_id ?? '',
        ...link,
      };
    },
    render: ({ mode }) => (
      <>
        <Form.Item
          name="shop_id"
          label={t('orderCentre.col.shop')}
          rules={required(t('orderCentre.col.shop'))}
        >
          <Select
            disabled={mode === 'edit'}
            showSearch={{ optionFilterProp: 'label' }}
            options={shops.data ?? []}
            data-testid="sku-mapping-shop"
          />
        </Form.Item>
        <Form.Item
          name="external_sku_id"
          label={t('orderCentre.col.externalSku')}
          rules={required(t('orderCentre.col.externalSku'))}
        >
          <Input
            maxLength={maxLengthOf(skuMappingCreateSchema.shape.external_sku_id)}
            disabled={mode === 'edit'}
            data-testid="sku-mapping-sku"
          />
        </Form.Item>
        <Form.Item name="external_product_id" label={t('orderCentre.col.externalProduct')}>
          <Input
            maxLength={maxLengthOf(skuMappingCreateSchema.shape.external_product_id)}
            disabled={mode === 'edit'}
          />
        </Form.Item>
        <Form.Item name="external_skc_id" label={t('orderCentre.col.externalSkc')}>
          <Input
            maxLength={maxLengthOf(skuMappingCreateSchema.shape.external_skc_id)}
            disabled={mode === 'edit'}
          />
        </Form.Item>
        <Form.Item
          name="target"
          label={t('orderCentre.skuMapping.target')}
          rules={[
            {
              validator: (_, value: FinishedSku | undefined) =>
                isCompleteSku(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('orderCentre.link.pickAll'))),
            },
          ]}
        >
          <FinishedSkuPicker testId="sku-mapping-picker" />
        </Form.Item>
      </>
    ),
  };

  return (
    <CrudPage<SkuMapping>
      testId="sku-mapping-page"
      resource={skuMappingOperations.skuMapping}
      form={form}
      filters={
        <Form.Item name="shop_id" label={t('orderCentre.col.shop')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('crud.all')}
            style={{ width: 200 }}
            options={shops.data ?? []}
          />
        </Form.Item>
      }
      columns={[
        { key: 'shop_id', title: t('orderCentre.col.shop'), render: (row) => shopName(row.shop_id) },
        {
          key: 'external_sku_id',
          title: t('orderCentre.col.externalSku'),
          render: (row) => (
            <Typography.Text data-testid="sku-mapping-row-sku">{row.external_sku_id}</Typography.Text>
          ),
        },
        {
          key: 'external_product_id',
          title: t('orderCentre.col.externalProduct'),
          render: (row) => [row.external_product_id, row.external_skc_id].filter(Boolean).join(' / ') || '—',
        },
        {
          key: 'finished',
          title: t('orderCentre.skuMapping.target'),
          render: (row) =>
            row.finished_name ? (
              <span>
                {row.finished_name}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.finished_code}
                </Typography.Text>
              </span>
            ) : (
              <Typography.Text type="warning">{t('orderCentre.skuMapping.gone')}</Typography.Text>
            ),
        },
        { key: 'color_name', title: t('orders.detail.colour') },
        { key: 'size_name', title: t('orders.detail.size') },
        {
          key: 'updated_at',
          title: t('orderCentre.col.updatedAt'),
          isOrderable: true,
          render: (row) => <DateTime value={row.updated_at} />,
        },
      ]}
    />
  );
}
