import { useState } from 'react';
import { Card, Col, Flex, Form, InputNumber, Radio, Row, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  isMaxWeightValid,
  SHIPPING_LIMITS,
  shippingRateCreateSchema,
  type Currency,
  type ShippingRatePricing,
  logisticsOperations,
} from '@pod/shared';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { CURRENCY_SYMBOLS } from '../wallet/money-format.ts';
import type { ShippingRateRow } from './api.ts';
import { FeeText, PreviewWeight, PricingText } from './fee-preview.tsx';
import { toMinorUnits, useLogisticsField } from './logistics-form.ts';

const FIELDS = [
  'method_id',
  'factory_id',
  'currency',
  'first_weight_g',
  'first_price',
  'additional_weight_g',
  'additional_price',
  'max_weight_g',
  'status',
] as const;
const MONEY = ['first_price', 'additional_price'] as const;
type Values = Record<string, unknown>;

/** Prices travel in minor units and are typed in yuan/dollars with two decimals. */
const toMajor = (minor: unknown) => (typeof minor === 'number' ? minor / 100 : minor);

function toFormValues(row: ShippingRateRow): Values {
  return { ...row, first_price: toMajor(row.first_price), additional_price: toMajor(row.additional_price) };
}

function toRequestBody(values: Values, mode: 'create' | 'edit'): Values {
  const body: Values = { ...values };
  for (const key of MONEY) body[key] = toMinorUnits(values[key]);
  body.max_weight_g = typeof values.max_weight_g === 'number' ? values.max_weight_g : null;
  // A rate's method and factory never change (the server's PATCH has neither).
  if (mode === 'edit') {
    delete body.method_id;
    delete body.factory_id;
  }
  return body;
}

/** The pricing the form holds now, when it is complete enough to price a parcel. */
function pricingOf(values: Values): ShippingRatePricing | null {
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  const money = (v: unknown) => {
    const minor = toMinorUnits(v);
    return typeof minor === 'number' && minor >= 0 ? minor : null;
  };
  const rate = {
    first_weight_g: whole(values.first_weight_g),
    first_price: money(values.first_price),
    additional_weight_g: whole(values.additional_weight_g),
    additional_price: money(values.additional_price),
  };
  if (Object.values(rate).some((v) => v === null)) return null;
  return { ...(rate as Omit<ShippingRatePricing, 'max_weight_g'>), max_weight_g: whole(values.max_weight_g) };
}

/** The form's live fee preview: the fee of a parcel of the chosen weight under what is typed. */
function FormFeePreview() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Values | undefined;
  const [weight, setWeight] = useState(500);
  const rate = values ? pricingOf(values) : null;
  const currency = (values?.currency as Currency | undefined) ?? 'CNY';
  return (
    <Card size="small" data-testid="fee-preview">
      <Flex vertical gap={8}>
        <PreviewWeight value={weight} onChange={setWeight} />
        {rate ? (
          <>
            <Typography.Text type="secondary">
              <PricingText rate={rate} currency={currency} />
            </Typography.Text>
            <FeeText rate={rate} currency={currency} weight={weight} />
          </>
        ) : (
          <Typography.Text type="secondary">{t('logistics.previewIncomplete')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/**
 * What each logistics method costs from each ship-from factory (issue 10: rates per factory
 * region): first weight and price, then a price per started additional weight, an optional max
 * weight. Filtered by method and factory; the form previews the fee of a parcel.
 */
export function ShippingRatePage() {
  const { t } = useTranslation();
  const field = useLogisticsField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const methods = useCrudSelect(logisticsOperations.shippingMethod);
  const factories = useCrudSelect(logisticsOperations.factory);
  const shape = shippingRateCreateSchema.shape;
  const moneyInput = (currency: Currency) => (
    <InputNumber
      min={0}
      max={SHIPPING_LIMITS.priceMax / 100}
      precision={2}
      prefix={CURRENCY_SYMBOLS[currency]}
      style={{ width: '100%' }}
    />
  );
  const grams = (isOptional = false) => (
    <InputNumber
      min={1}
      max={SHIPPING_LIMITS.weightMaxG}
      precision={0}
      suffix="g"
      placeholder={isOptional ? t('logistics.noLimit') : undefined}
      style={{ width: '100%' }}
    />
  );

  const form: CrudFormConfig<ShippingRateRow> = {
    fieldNames: FIELDS,
    width: 720,
    initialValues: { currency: 'CNY', status: 'enabled', max_weight_g: null },
    toValues: toFormValues,
    toBody: toRequestBody,
    render: ({ mode, form: instance }) => {
      const currency = () => (instance.getFieldValue('currency') as Currency | undefined) ?? 'CNY';
      return (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item {...field('method_id', shape.method_id)}>
              <Select
                showSearch
                optionFilterProp="label"
                options={methods.data ?? []}
                loading={methods.isPending}
                disabled={mode === 'edit'}
                data-testid="rate-method"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...field('factory_id', shape.factory_id)}>
              <Select
                options={factories.data ?? []}
                loading={factories.isPending}
                disabled={mode === 'edit'}
                data-testid="rate-factory"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item {...field('currency', shape.currency)}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item {...field('first_weight_g', shape.first_weight_g)}>{grams()}</Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.currency !== b.currency}>
              {() => (
                <Form.Item {...field('first_price', shape.first_price, { toInput: toMinorUnits })}>
                  {moneyInput(currency())}
                </Form.Item>
              )}
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item {...field('additional_weight_g', shape.additional_weight_g)}>{grams()}</Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.currency !== b.currency}>
              {() => (
                <Form.Item {...field('additional_price', shape.additional_price, { toInput: toMinorUnits })}>
                  {moneyInput(currency())}
                </Form.Item>
              )}
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              {...field('max_weight_g', shape.max_weight_g, {
                extraRules: [
                  ({ getFieldValue }) => ({
                    validator: (_rule, value: unknown) => {
                      const first: unknown = getFieldValue('first_weight_g');
                      const isValid =
                        typeof first !== 'number' ||
                        typeof value !== 'number' ||
                        isMaxWeightValid({ first_weight_g: first, max_weight_g: value });
                      return isValid
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('validation.shippingMaxWeight')));
                    },
                  }),
                ],
              })}
              dependencies={['first_weight_g']}
              extra={t('logistics.maxWeightHint')}
            >
              {grams(true)}
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item {...field('status', shape.status)}>
              <Radio.Group options={statusOptions} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <FormFeePreview />
          </Col>
        </Row>
      );
    },
  };

  return (
    <CrudPage<ShippingRateRow>
      testId="shipping-rate-page"
      resource={logisticsOperations.shippingRate}
      form={form}
      hasQuickSearch={false}
      filters={
        <>
          <Form.Item name="method_id" label={fieldLabel('method_id')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              options={methods.data ?? []}
            />
          </Form.Item>
          <Form.Item name="factory_id" label={fieldLabel('factory_id')}>
            <Select allowClear style={{ width: 200 }} options={factories.data ?? []} />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        {
          key: 'method',
          title: fieldLabel('method_id'),
          render: (row) => (
            <>
              {row.carrier} · {row.method_name} <Tag>{row.method_code}</Tag>
            </>
          ),
        },
        { key: 'factory_name', title: fieldLabel('factory_id') },
        {
          key: 'first_price',
          title: t('logistics.pricing'),
          isOrderable: true,
          render: (row) => <PricingText rate={row} currency={row.currency} />,
        },
        {
          key: 'max_weight_g',
          title: fieldLabel('max_weight_g'),
          render: (row) => row.max_weight_g ?? t('logistics.noLimit'),
        },
        { key: 'currency', title: fieldLabel('currency') },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        { key: 'version', title: t('logistics.version'), isHiddenByDefault: true },
        {
          key: 'updated_at',
          title: fieldLabel('updated_at'),
          isHiddenByDefault: true,
          render: (row) => <DateTime value={row.updated_at} />,
        },
      ]}
    />
  );
}
