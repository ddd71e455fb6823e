import { Col, Form, Input, Radio, Row, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  senderAddressCreateSchema,
  logisticsOperations,
  type SenderAddress,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { useCountries } from './factory-page.tsx';

const FIELDS = [
  'factory_id',
  'name',
  'phone',
  'country',
  'province',
  'city',
  'district',
  'address',
  'post_code',
  'is_default',
  'status',
] as const;

const RESOURCE = logisticsOperations.senderAddress;
const FACTORIES = logisticsOperations.factory;

/** The shipping (sender) addresses of each factory: what labels print as the sender. */
export function SenderAddressPage() {
  const { t, i18n } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const countries = useCountries(i18n.language);
  const factories = useCrudSelect(FACTORIES);
  const shape = senderAddressCreateSchema.shape;
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;

  const form: CrudFormConfig<SenderAddress> = {
    fieldNames: FIELDS,
    initialValues: { country: 'CN', is_default: false, status: 'enabled' },
    render: ({ mode }) => (
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item {...field('factory_id', shape.factory_id)}>
            {/* An address belongs to its factory for good: moving it would change old waybills. */}
            <Select options={factories.data ?? []} loading={factories.isPending} disabled={mode === 'edit'} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('phone', shape.phone)}>
            <Input maxLength={LIMITS.text.phone} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('country', shape.country)}>
            <Select
              showSearch
              optionFilterProp="label"
              options={countries.data ?? []}
              loading={countries.isPending}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('province', shape.province)}>
            <Input maxLength={maxLengthOf(shape.province)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('city', shape.city)}>
            <Input maxLength={maxLengthOf(shape.city)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('district', shape.district)}>
            <Input maxLength={maxLengthOf(shape.district)} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item {...field('address', shape.address)}>
            <Input maxLength={maxLengthOf(shape.address)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item {...field('post_code', shape.post_code)}>
            <Input maxLength={LIMITS.text.postCode} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="is_default"
            label={t('logistics.defaultAddress')}
            valuePropName="checked"
            extra={t('logistics.defaultAddressHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
    ),
  };

  return (
    <CrudPage<SenderAddress>
      testId="sender-address-page"
      resource={RESOURCE}
      form={form}
      filters={
        <>
          <Form.Item name="factory_id" label={fieldLabel('factory_id')}>
            <Select allowClear style={{ width: 200 }} options={factories.data ?? []} />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'factory_name', title: fieldLabel('factory_name') },
        {
          key: 'name',
          title: fieldLabel('name'),
          isOrderable: true,
          render: (row) => (
            <>
              {row.name} {row.is_default ? <Tag color="blue">{t('logistics.defaultAddress')}</Tag> : null}
            </>
          ),
        },
        { key: 'phone', title: fieldLabel('phone') },
        {
          key: 'address',
          title: fieldLabel('address'),
          render: (row) =>
            [countryName(row.country), row.province, row.city, row.district, row.address, row.post_code]
              .filter(Boolean)
              .join(' '),
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
      ]}
    />
  );
}
