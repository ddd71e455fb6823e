import { Col, Form, Input, InputNumber, Radio, Row, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierCreateSchema, tenancyOperations, type Supplier, maxLengthOf } from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { YuanInput } from './money-input.tsx';
import { withMinor, withYuan, yuanText } from './money.ts';
import { DateInput } from '../../forms/date-input.tsx';

const MONEY = ['settled_fee', 'service_charge_fee'] as const;
const FIELDS = [
  'name',
  'short_name',
  'level_id',
  'level_start',
  'level_end',
  'settled_fee',
  'settled_mode',
  'domain',
  'logo',
  'admin_domain',
  'factory_domain',
  'icp_domain',
  'icp_number',
  'ssl_cert',
  'ssl_key',
  'verify_mode',
  'verify_count',
  'service_charge_mode',
  'service_charge_fee',
  'status',
  'admin_username',
  'admin_password',
] as const;

/** Hides a secret's characters as a password input does, in a multi-line box. */
const SECRET_STYLE = { WebkitTextSecurity: 'disc', fontFamily: 'monospace' } as const;

/** Suppliers (platform): tenants with their level, domains, SSL, fees and first administrator. */
export function SupplierPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const levels = useCrudSelect(tenancyOperations.supplierLevel);
  const shape = supplierCreateSchema.shape;
  const levelName = (id: string | null) =>
    id ? (levels.data?.find((option) => option.value === id)?.label ?? '—') : '—';
  const choices = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'crud.all') }));

  const secretExtra = (isSet: boolean | undefined) =>
    isSet ? (
      <Tag color="green">{t('tenancy.supplier.secretSet')}</Tag>
    ) : (
      <Tag>{t('tenancy.supplier.secretNotSet')}</Tag>
    );

  const form: CrudFormConfig<Supplier> = {
    fieldNames: FIELDS,
    width: 900,
    initialValues: {
      settled_fee: 0,
      settled_mode: 'cooperative',
      verify_mode: 'click',
      verify_count: 3,
      service_charge_mode: 'per_order',
      service_charge_fee: 0,
      status: 'enabled',
    },
    // Secrets are never returned: the boxes start empty and an empty box keeps what is stored.
    toValues: (row) => withYuan({ ...row, ssl_cert: '', ssl_key: '' }, MONEY),
    toBody: (values, mode) => {
      const body = withMinor(values, MONEY);
      for (const name of ['level_id', 'level_start', 'level_end'] as const) body[name] = values[name] || null;
      for (const name of ['ssl_cert', 'ssl_key'] as const) {
        if (mode === 'edit' && !values[name]) delete body[name];
      }
      return body;
    },
    render: ({ mode, row }) => (
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('short_name', shape.short_name)}>
            <Input maxLength={maxLengthOf(shape.short_name)} />
          </Form.Item>
        </Col>
        {mode === 'create' ? (
          <>
            <Col span={12}>
              <Form.Item {...field('admin_username', shape.admin_username)} extra={t('auth.usernameRule')}>
                <Input autoComplete="off" maxLength={maxLengthOf(shape.admin_username)} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                {...field('admin_password', shape.admin_password)}
                extra={t('auth.adminPasswordRule')}
              >
                <Input.Password autoComplete="new-password" maxLength={maxLengthOf(shape.admin_password)} />
              </Form.Item>
            </Col>
          </>
        ) : null}
        <Col span={8}>
          <Form.Item name="level_id" label={fieldLabel('level_id')}>
            <Select allowClear options={levels.data ?? []} loading={levels.isPending} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item {...field('level_start', shape.level_start)}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item {...field('level_end', shape.level_end)}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('settled_mode', shape.settled_mode)}>
            <Radio.Group options={choices(['independent', 'cooperative'], 'tenancy.supplier.settledMode')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="settled_fee" label={fieldLabel('settled_fee')}>
            <YuanInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('service_charge_mode', shape.service_charge_mode)}>
            <Radio.Group options={choices(['per_order', 'per_piece'], 'tenancy.supplier.chargeMode')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="service_charge_fee" label={fieldLabel('service_charge_fee')}>
            <YuanInput />
          </Form.Item>
        </Col>
        {(['domain', 'admin_domain', 'factory_domain', 'icp_domain'] as const).map((name) => (
          <Col span={12} key={name}>
            <Form.Item {...field(name, shape[name])}>
              <Input maxLength={maxLengthOf(shape[name])} placeholder="example.com" />
            </Form.Item>
          </Col>
        ))}
        <Col span={12}>
          <Form.Item {...field('icp_number', shape.icp_number)}>
            <Input maxLength={maxLengthOf(shape.icp_number)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('logo', shape.logo)}>
            <Input maxLength={maxLengthOf(shape.logo)} />
          </Form.Item>
        </Col>
        {(['ssl_cert', 'ssl_key'] as const).map((name) => (
          <Col span={12} key={name}>
            <Form.Item
              {...field(name, shape[name])}
              extra={
                <>
                  {secretExtra(name === 'ssl_cert' ? row?.ssl_cert_set : row?.ssl_key_set)}
                  {mode === 'edit' ? t('tenancy.supplier.secretKeep') : null}
                </>
              }
            >
              <Input.TextArea
                autoComplete="off"
                spellCheck={false}
                autoSize={{ minRows: 3, maxRows: 6 }}
                style={SECRET_STYLE}
                data-testid={`supplier-${name}`}
              />
            </Form.Item>
          </Col>
        ))}
        <Col span={8}>
          <Form.Item {...field('verify_mode', shape.verify_mode)}>
            <Radio.Group options={choices(['click', 'off'], 'tenancy.supplier.verifyMode')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item {...field('verify_count', shape.verify_count)}>
            <InputNumber min={1} max={10} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
    ),
  };

  return (
    <CrudPage<Supplier>
      testId="supplier-page"
      resource={tenancyOperations.supplier}
      exportPage="tenancy/supplier"
      form={form}
      filters={
        <>
          <Form.Item name="level_id" label={fieldLabel('level_id')}>
            <Select
              allowClear
              placeholder={t('crud.all')}
              options={levels.data ?? []}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        { key: 'short_name', title: fieldLabel('short_name'), isHiddenByDefault: true },
        { key: 'level_id', title: fieldLabel('level_id'), render: (row) => levelName(row.level_id) },
        { key: 'domain', title: fieldLabel('domain') },
        {
          key: 'settled_mode',
          title: fieldLabel('settled_mode'),
          render: (row) => t(`tenancy.supplier.settledMode.${row.settled_mode}`),
        },
        { key: 'settled_fee', title: fieldLabel('settled_fee'), render: (row) => yuanText(row.settled_fee) },
        {
          key: 'service_charge_fee',
          title: fieldLabel('service_charge_fee'),
          render: (row) =>
            `${yuanText(row.service_charge_fee)} / ${t(`tenancy.supplier.chargeMode.${row.service_charge_mode}`)}`,
        },
        {
          key: 'ssl_cert_set',
          title: t('tenancy.supplier.ssl'),
          render: (row) => secretExtra(row.ssl_cert_set && row.ssl_key_set),
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        {
          key: 'created_at',
          title: t('access.createdAt'),
          isOrderable: true,
          render: (row) => <DateTime value={row.created_at} />,
        },
      ]}
    />
  );
}
