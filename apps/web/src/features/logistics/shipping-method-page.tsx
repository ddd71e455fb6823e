import { useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Table,
  Tag,
} from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  isDeliveryRangeValid,
  SHIPPING_LIMITS,
  shippingMethodCreateSchema,
  logisticsOperations,
  LIMITS,
} from '@pod/shared';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import { StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { useCrudList } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import type { ShippingMethodRow, ShippingRateRow } from './api.ts';
import { useCountries } from './factory-page.tsx';
import { FeeText, PreviewWeight, PricingText } from './fee-preview.tsx';
import { useLogisticsField } from './logistics-form.ts';

const FIELDS = [
  'carrier',
  'name',
  'code',
  'destination_countries',
  'delivery_days_min',
  'delivery_days_max',
  'status',
  'sort',
  'remark',
] as const;

/** Countries shown in a list cell before "+n". */
const SHOWN_COUNTRIES = 6;

/**
 * A supplier's logistics methods (issue 10): carrier, name and code, the countries served and the
 * delivery time. Each row opens the method's rates per ship-from factory, with a fee preview.
 */
export function ShippingMethodPage() {
  const { t, i18n } = useTranslation();
  const field = useLogisticsField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const countries = useCountries(i18n.language);
  const [ratesOf, setRatesOf] = useState<ShippingMethodRow | null>(null);
  const shape = shippingMethodCreateSchema.shape;
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;

  const form: CrudFormConfig<ShippingMethodRow> = {
    fieldNames: FIELDS,
    width: 720,
    initialValues: { destination_countries: [], status: 'enabled', sort: 0, remark: '' },
    render: () => (
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...field('carrier', shape.carrier)}>
            <Input maxLength={SHIPPING_LIMITS.carrierMax} placeholder="YunExpress" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('name', shape.name, { label: t('logistics.methodName') })}>
            <Input maxLength={SHIPPING_LIMITS.nameMax} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            {...field('code', shape.code, { label: t('logistics.methodCode') })}
            extra={t('logistics.codeHint')}
          >
            <Input maxLength={SHIPPING_LIMITS.codeMax} placeholder="YUN-STD" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item {...field('delivery_days_min', shape.delivery_days_min)}>
            <InputNumber
              min={0}
              max={SHIPPING_LIMITS.deliveryDaysMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            {...field('delivery_days_max', shape.delivery_days_max, {
              extraRules: [
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) => {
                    const min: unknown = getFieldValue('delivery_days_min');
                    const isValid =
                      typeof min !== 'number' ||
                      typeof value !== 'number' ||
                      isDeliveryRangeValid({ delivery_days_min: min, delivery_days_max: value });
                    return isValid
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation.shippingDeliveryDays')));
                  },
                }),
              ],
            })}
            dependencies={['delivery_days_min']}
          >
            <InputNumber
              min={0}
              max={SHIPPING_LIMITS.deliveryDaysMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            {...field('destination_countries', shape.destination_countries)}
            extra={t('logistics.countriesHint')}
          >
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              options={countries.data ?? []}
              loading={countries.isPending}
              data-testid="shipping-countries"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('sort', shape.sort)}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item {...field('remark', shape.remark)}>
            <Input.TextArea maxLength={SHIPPING_LIMITS.remarkMax} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    ),
  };

  return (
    <>
      <CrudPage<ShippingMethodRow>
        testId="shipping-method-page"
        resource={logisticsOperations.shippingMethod}
        form={form}
        isSortable
        filters={
          <>
            <Form.Item name="carrier" label={fieldLabel('carrier')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="status" label={fieldLabel('status')}>
              <StatusSelect />
            </Form.Item>
          </>
        }
        rowActions={(row) => (
          <Button size="small" type="link" icon={<DollarOutlined />} onClick={() => setRatesOf(row)}>
            {t('logistics.rateCount', { count: row.rate_count })}
          </Button>
        )}
        columns={[
          { key: 'carrier', title: fieldLabel('carrier') },
          { key: 'name', title: t('logistics.methodName'), isOrderable: true },
          {
            key: 'code',
            title: t('logistics.methodCode'),
            isOrderable: true,
            render: (row) => <Tag>{row.code}</Tag>,
          },
          {
            key: 'destination_countries',
            title: fieldLabel('destination_countries'),
            render: (row) => (
              <>
                {row.destination_countries.slice(0, SHOWN_COUNTRIES).map((code) => (
                  <Tag key={code} title={code}>
                    {countryName(code)}
                  </Tag>
                ))}
                {row.destination_countries.length > SHOWN_COUNTRIES ? (
                  <Tag>+{row.destination_countries.length - SHOWN_COUNTRIES}</Tag>
                ) : null}
              </>
            ),
          },
          {
            key: 'delivery_days',
            title: t('logistics.deliveryDays'),
            render: (row) =>
              t('logistics.daysRange', { min: row.delivery_days_min, max: row.delivery_days_max }),
          },
          { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
          { key: 'sort', title: fieldLabel('sort'), isOrderable: true, isHiddenByDefault: true },
          { key: 'remark', title: fieldLabel('remark'), isHiddenByDefault: true },
        ]}
      />
      {ratesOf ? <MethodRatesDrawer method={ratesOf} onClose={() => setRatesOf(null)} /> : null}
    </>
  );
}

/** The rates of one method, one per ship-from factory, with the fee of a parcel of a chosen weight. */
function MethodRatesDrawer({ method, onClose }: { method: ShippingMethodRow; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const [weight, setWeight] = useState(500);
  const rates = useCrudList<ShippingRateRow>(logisticsOperations.shippingRate, {
    method_id: method.id,
    page: 1,
    limit: LIMITS.pagination.maxPageSize,
  });
  return (
    <Drawer
      open
      size={760}
      title={t('logistics.ratesOf', { name: `${method.carrier} · ${method.name}` })}
      onClose={onClose}
      data-testid="method-rates-drawer"
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('logistics.ratesHint')} />
        <PreviewWeight value={weight} onChange={setWeight} />
        {rates.isError ? <Alert type="error" showIcon title={rates.error.msg} /> : null}
        <Table<ShippingRateRow>
          rowKey="id"
          size="small"
          loading={rates.isFetching}
          dataSource={rates.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('logistics.ratesEmpty')} /> }}
          columns={[
            { key: 'factory', title: fieldLabel('factory_id'), dataIndex: 'factory_name' },
            {
              key: 'pricing',
              title: t('logistics.pricing'),
              render: (_, row) => <PricingText rate={row} currency={row.currency} />,
            },
            {
              key: 'max',
              title: fieldLabel('max_weight_g'),
              render: (_, row) => row.max_weight_g ?? t('logistics.noLimit'),
            },
            {
              key: 'fee',
              title: t('logistics.previewWeight'),
              render: (_, row) => <FeeText rate={row} currency={row.currency} weight={weight} />,
            },
            {
              key: 'status',
              title: fieldLabel('status'),
              render: (_, row) => <StatusTag status={row.status} />,
            },
          ]}
        />
      </Flex>
    </Drawer>
  );
}
