import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { factoryCreateSchema, logisticsOperations, type Factory, maxLengthOf, LIMITS } from '@pod/shared';
import { call } from '../../api/call.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';

const FIELDS = [
  'number',
  'name',
  'regions',
  'country',
  'province',
  'city',
  'district',
  'address',
  'post_code',
  'sender_name',
  'sender_phone',
  'is_main',
  'status',
] as const;

const RESOURCE = logisticsOperations.factory;

/** Countries in the interface language, from the bundled list on the server. */
export function useCountries(language: string) {
  return useQuery({
    queryKey: ['area', 'country', language],
    queryFn: ({ signal }) =>
      call(logisticsOperations.areaOptions, {
        query: { type: 'country' },
        signal,
      }),
    staleTime: Infinity,
  });
}

/** A supplier's factories (spec §3 Factory): address, sender, the regions served, one main factory. */
export function FactoryPage() {
  const { t, i18n } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const countries = useCountries(i18n.language);
  const shape = factoryCreateSchema.shape;
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;

  const form: CrudFormConfig<Factory> = {
    fieldNames: FIELDS,
    initialValues: { country: 'CN', regions: [], is_main: false, status: 'enabled' },
    render: () => (
      <Row gutter={16}>
        <Col span={12}>
          {/* The factory's own number: the dictionary's `number` is a merchant number (issue 26). */}
          <Form.Item {...field('factoryNumber', shape.number)} name="number">
            <Input maxLength={maxLengthOf(shape.number)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
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
          <Form.Item {...field('sender_name', shape.sender_name)}>
            <Input maxLength={maxLengthOf(shape.sender_name)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('sender_phone', shape.sender_phone)}>
            <Input maxLength={LIMITS.text.phone} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item {...field('regions', shape.regions)} extra={t('logistics.regionsHint')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={countries.data ?? []} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="is_main"
            label={fieldLabel('is_main')}
            valuePropName="checked"
            extra={t('logistics.mainHint')}
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
    <CrudPage<Factory>
      testId="factory-page"
      resource={RESOURCE}
      form={form}
      filters={
        <Form.Item name="status" label={fieldLabel('status')}>
          <StatusSelect />
        </Form.Item>
      }
      columns={[
        { key: 'number', title: fieldLabel('factoryNumber'), isOrderable: true },
        {
          key: 'name',
          title: fieldLabel('name'),
          isOrderable: true,
          render: (row) => (
            <>
              {row.name} {row.is_main ? <Tag color="blue">{t('logistics.main')}</Tag> : null}
            </>
          ),
        },
        {
          key: 'address',
          title: fieldLabel('address'),
          render: (row) =>
            [countryName(row.country), row.province, row.city, row.district, row.address]
              .filter(Boolean)
              .join(' '),
        },
        { key: 'sender_name', title: fieldLabel('sender_name') },
        { key: 'sender_phone', title: fieldLabel('sender_phone') },
        {
          key: 'regions',
          title: fieldLabel('regions'),
          render: (row) => row.regions.map((code) => <Tag key={code}>{countryName(code)}</Tag>),
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
      ]}
    />
  );
}
