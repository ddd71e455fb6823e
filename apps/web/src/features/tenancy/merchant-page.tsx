import { App, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  merchantCreateSchema,
  tenancyOperations,
  type Level,
  type Merchant,
  PERMISSIONS,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { useCrudList, useCrudMutations, useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { yuanText } from './money.ts';
import { DateTimeInput } from '../../forms/date-input.tsx';
import { SupplierField, SupplierFilter, useIsPlatform, useSupplierOptions } from './supplier-choice.tsx';

const FIELDS = [
  'tenant_id',
  'name',
  'number',
  'level_id',
  'level_expires_at',
  'status',
  'primary_username',
  'primary_password',
  'primary_mobile',
] as const;

/**
 * The platform's level choice: only the merchant levels of the merchant's supplier (the one chosen
 * in the form when creating), since a merchant may only hold its own supplier's levels.
 */
function SupplierLevelSelect({
  supplierId,
  value,
  onChange,
}: {
  /** The merchant's supplier; undefined: the one chosen in the form. */
  supplierId: string | null | undefined;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const chosen = Form.useWatch<string | undefined>('tenant_id', Form.useFormInstance());
  const tenantId = supplierId === undefined ? chosen : supplierId;
  const levels = useCrudList<Level>(tenancyOperations.merchantLevel, {
    page: 1,
    limit: LIMITS.pagination.maxPageSize,
    tenant_id: tenantId ?? undefined,
  });
  const options = tenantId ? (levels.data?.list ?? []).map((l) => ({ value: l.id, label: l.name })) : [];
  return (
    <Select
      allowClear
      value={value}
      onChange={(next?: string) => onChange?.(next ?? null)}
      options={options}
      loading={levels.isFetching}
      disabled={!tenantId}
    />
  );
}

/** An ISO time as the `datetime-local` input shows it (local time, minutes). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * Merchants (supplier, and the platform for every supplier: spec §1): each with its primary
 * account; disabling one disables its accounts.
 */
export function MerchantPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const buttons = usePageButtons();
  const isPlatform = useIsPlatform();
  const suppliers = useSupplierOptions(isPlatform);
  const supplierOptions = suppliers.data ?? [];
  const levels = useCrudSelect(tenancyOperations.merchantLevel);
  const { update } = useCrudMutations(tenancyOperations.merchant);
  const shape = merchantCreateSchema.shape;
  const levelName = (id: string | null) =>
    id ? (levels.data?.find((option) => option.value === id)?.label ?? '—') : '—';

  const form: CrudFormConfig<Merchant> = {
    fieldNames: FIELDS,
    initialValues: { status: 'enabled', primary_mobile: '' },
    toValues: (row) => ({ ...row, level_expires_at: toLocalInput(row.level_expires_at) }),
    toBody: (values, mode) => {
      const expires = typeof values.level_expires_at === 'string' ? values.level_expires_at : '';
      const body: Record<string, unknown> = {
        name: values.name,
        number: values.number,
        level_id: values.level_id || null,
        level_expires_at: expires ? new Date(expires).toISOString() : null,
        status: values.status,
      };
      if (mode === 'edit') return body;
      return {
        ...body,
        ...(isPlatform ? { tenant_id: values.tenant_id } : {}),
        primary_username: values.primary_username,
        primary_password: values.primary_password,
        primary_mobile: values.primary_mobile ?? '',
      };
    },
    render: ({ mode, row }) => (
      <>
        {isPlatform && mode === 'create' ? <SupplierField options={supplierOptions} /> : null}
        <Form.Item {...field('name', shape.name)}>
          <Input maxLength={maxLengthOf(shape.name)} />
        </Form.Item>
        <Form.Item {...field('number', shape.number)} extra={t('tenancy.merchant.numberHint')}>
          <Input maxLength={maxLengthOf(shape.number)} />
        </Form.Item>
        <Form.Item name="level_id" label={fieldLabel('level_id')}>
          {isPlatform ? (
            <SupplierLevelSelect supplierId={mode === 'edit' ? (row?.tenant_id ?? null) : undefined} />
          ) : (
            <Select allowClear options={levels.data ?? []} loading={levels.isPending} />
          )}
        </Form.Item>
        <Form.Item name="level_expires_at" label={fieldLabel('level_expires_at')}>
          <DateTimeInput />
        </Form.Item>
        {mode === 'create' ? (
          <>
            <Form.Item {...field('primary_username', shape.primary_username)} extra={t('auth.usernameRule')}>
              <Input autoComplete="off" maxLength={maxLengthOf(shape.primary_username)} />
            </Form.Item>
            <Form.Item
              {...field('primary_password', shape.primary_password)}
              extra={t('auth.adminPasswordRule')}
            >
              <Input.Password autoComplete="new-password" maxLength={maxLengthOf(shape.primary_password)} />
            </Form.Item>
            <Form.Item {...field('primary_mobile', shape.primary_mobile)}>
              <Input maxLength={LIMITS.text.mobile} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item {...field('status', shape.status)} extra={t('tenancy.merchant.statusHint')}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
      </>
    ),
  };

  const onToggle = (row: Merchant) => {
    const next = row.status === 'enabled' ? 'disabled' : 'enabled';
    modal.confirm({
      title: t(next === 'disabled' ? 'tenancy.merchant.disableConfirm' : 'tenancy.merchant.enableConfirm', {
        name: row.name,
      }),
      okText: t(next === 'disabled' ? 'tenancy.merchant.disable' : 'tenancy.merchant.enable'),
      okButtonProps: { danger: next === 'disabled' },
      cancelText: t('app.cancel'),
      onOk: () => update.mutateAsync({ id: row.id, body: { status: next } }).catch(() => undefined),
    });
  };

  return (
    <CrudPage<Merchant>
      testId="merchant-page"
      resource={tenancyOperations.merchant}
      exportPage="tenancy/merchant"
      form={form}
      filters={
        <>
          {isPlatform ? <SupplierFilter options={supplierOptions} /> : null}
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
        ...(isPlatform ? [{ key: 'tenant_name', title: fieldLabel('tenant_id') }] : []),
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        { key: 'number', title: fieldLabel('number'), isOrderable: true },
        { key: 'level_id', title: fieldLabel('level_id'), render: (row) => levelName(row.level_id) },
        {
          key: 'level_expires_at',
          title: fieldLabel('level_expires_at'),
          render: (row) => <DateTime value={row.level_expires_at} />,
        },
        { key: 'primary_username', title: t('tenancy.merchant.primaryAccount') },
        { key: 'primary_mobile', title: fieldLabel('primary_mobile') },
        { key: 'sub_account_count', title: t('tenancy.merchant.subAccounts') },
        {
          key: 'balance_cny',
          title: t('tenancy.merchant.balance'),
          render: (row) => (
            <span data-testid="merchant-balance">
              {yuanText(row.balance_cny)} / ${(row.balance_usd / 100).toFixed(2)}
            </span>
          ),
        },
        { key: 'shop_count', title: t('tenancy.merchant.shops'), render: (row) => row.shop_count ?? '—' },
        {
          key: 'storage_used',
          title: t('tenancy.merchant.storageUsed'),
          render: (row) => `${(row.storage_used / 1024 / 1024).toFixed(1)} MB`,
        },
        {
          key: 'status',
          title: fieldLabel('status'),
          render: (row) =>
            buttons.has(PERMISSIONS.merchant.edit) ? (
              <Switch
                size="small"
                checked={row.status === 'enabled'}
                data-testid="merchant-status"
                aria-label={t('tenancy.merchant.statusSwitch', { name: row.name })}
                onClick={() => onToggle(row)}
              />
            ) : (
              <StatusTag status={row.status} />
            ),
        },
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
