import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { levelCreateSchema, tenancyOperations, type Level, maxLengthOf } from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import type { FieldName } from '../../forms/zod-rule.ts';
import type { CrudResource } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { YuanInput } from './money-input.tsx';
import { withMinor, withYuan, yuanText } from './money.ts';
import { DateInput } from '../../forms/date-input.tsx';
import { SupplierField, SupplierFilter, useIsPlatform, useSupplierOptions } from './supplier-choice.tsx';

const MONEY = ['annual_fee', 'price'] as const;
const COUNTS = {
  supplier: [
    'design_count',
    'storage_count',
    'supplier_user_count',
    'factory_count',
    'factory_user_count',
    'merchant_count',
    'merchant_user_count',
    'product_template_count',
    'shop_count',
  ],
  merchant: ['design_count', 'storage_count', 'merchant_user_count', 'product_template_count', 'shop_count'],
} as const satisfies Record<string, readonly FieldName[]>;
const PLATFORMS = ['tiktok', 'temu', 'other'] as const;

const FIELDS = [
  'tenant_id',
  'name',
  'sequence',
  'validity_days',
  'annual_fee',
  'price_type',
  'price',
  'discount_type',
  'discount_rate',
  'discount_start',
  'discount_end',
  ...COUNTS.supplier,
  'platform_ids',
  'is_default',
  'status',
] as const;

/** Levels: entitlement counts, fees in yuan, a discount in percent and its dates (spec §3 Level). */
function LevelPage({ kind, resource }: { kind: 'supplier' | 'merchant'; resource: CrudResource<Level> }) {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const shape = levelCreateSchema.shape;
  // The platform manages every supplier's merchant levels (spec §1): it names whose a new one is.
  const isPlatform = useIsPlatform();
  const hasSupplier = isPlatform && kind === 'merchant';
  const suppliers = useSupplierOptions(hasSupplier);
  const supplierOptions = suppliers.data ?? [];

  const form: CrudFormConfig<Level> = {
    fieldNames: FIELDS,
    width: 860,
    initialValues: {
      sequence: 0,
      validity_days: 365,
      annual_fee: 0,
      price_type: 'free',
      price: 0,
      discount_type: 'none',
      discount_rate: 100,
      platform_ids: [],
      is_default: false,
      status: 'enabled',
      ...Object.fromEntries(COUNTS[kind].map((name) => [name, 0])),
    },
    toValues: (row) => withYuan({ ...row }, MONEY),
    toBody: (values, mode) => {
      const body = withMinor(values, MONEY);
      if (!hasSupplier || mode === 'edit') delete body.tenant_id;
      body.discount_start = values.discount_start || null;
      body.discount_end = values.discount_end || null;
      body.is_default = Boolean(values.is_default);
      return body;
    },
    render: ({ mode }) => (
      <Row gutter={16}>
        {hasSupplier && mode === 'create' ? (
          <Col span={24}>
            <SupplierField options={supplierOptions} />
          </Col>
        ) : null}
        <Col span={12}>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('sequence', shape.sequence)}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('validity_days', shape.validity_days)}>
            <InputNumber min={1} max={3650} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="annual_fee" label={fieldLabel('annual_fee')}>
            <YuanInput />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item {...field('price_type', shape.price_type)}>
            <Radio.Group
              options={(['free', 'paid'] as const).map((value) => ({
                value,
                label: t(`tenancy.level.priceType.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="price" label={fieldLabel('price')} extra={t('tenancy.level.perYear')}>
            <YuanInput />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('discount_type', shape.discount_type)}>
            <Radio.Group
              options={(['none', 'discount'] as const).map((value) => ({
                value,
                label: t(`tenancy.level.discountType.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('discount_rate', shape.discount_rate)}>
            <InputNumber min={0} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('discount_start', shape.discount_start)}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('discount_end', shape.discount_end)}>
            <DateInput />
          </Form.Item>
        </Col>
        {COUNTS[kind].map((name) => (
          <Col span={8} key={name}>
            <Form.Item {...field(name, shape[name])}>
              <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
        <Col span={12}>
          <Form.Item {...field('platform_ids', shape.platform_ids)}>
            <Select
              mode="multiple"
              allowClear
              options={PLATFORMS.map((value) => ({ value, label: t(`tenancy.level.platform.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="is_default" label={fieldLabel('is_default')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
    ),
  };

  return (
    <CrudPage<Level>
      testId={`${kind}-level-page`}
      resource={resource}
      form={form}
      filters={
        <>
          {hasSupplier ? <SupplierFilter options={supplierOptions} /> : null}
          <Form.Item name="name" label={fieldLabel('name')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        ...(hasSupplier ? [{ key: 'tenant_name', title: fieldLabel('tenant_id') }] : []),
        {
          key: 'name',
          title: fieldLabel('name'),
          isOrderable: true,
          render: (row) => (
            <>
              {row.name} {row.is_default ? <Tag color="gold">{t('tenancy.level.default')}</Tag> : null}
            </>
          ),
        },
        { key: 'sequence', title: fieldLabel('sequence'), isOrderable: true },
        { key: 'validity_days', title: fieldLabel('validity_days') },
        { key: 'annual_fee', title: fieldLabel('annual_fee'), render: (row) => yuanText(row.annual_fee) },
        {
          key: 'price',
          title: fieldLabel('price'),
          render: (row) =>
            row.price_type === 'free' ? t('tenancy.level.priceType.free') : yuanText(row.price),
        },
        {
          key: 'discount_rate',
          title: fieldLabel('discount_rate'),
          render: (row) =>
            row.discount_type === 'none' ? t('tenancy.level.discountType.none') : `${row.discount_rate}%`,
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
      ]}
    />
  );
}

export function SupplierLevelPage() {
  return <LevelPage kind="supplier" resource={tenancyOperations.supplierLevel} />;
}

export function MerchantLevelPage() {
  return <LevelPage kind="merchant" resource={tenancyOperations.merchantLevel} />;
}
