import { Alert, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  paymentAccountCreateSchema,
  walletOperations,
  type PaymentAccount,
  PERMISSIONS,
  maxLengthOf,
  LIMITS,
  CARD_NUMBER_PATTERN,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';

const FIELDS = [
  'account_name',
  'bank_type',
  'bank_name',
  'card_number',
  'currency',
  'sort',
  'status',
] as const;
const CURRENCIES = ['CNY', 'USD'] as const;
const isMasked = (card: string) => /[^0-9]/.test(card);

/** Payment accounts: where payments go; card numbers arrive masked unless the user may reveal them. */
export function PaymentAccountPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const canReveal = usePageButtons().has(PERMISSIONS.paymentAccount.reveal);
  const shape = paymentAccountCreateSchema.shape;
  const currencyOptions = CURRENCIES.map((value) => ({ value, label: t(`wallet.currency.${value}`) }));

  const form: CrudFormConfig<PaymentAccount> = {
    fieldNames: FIELDS,
    initialValues: { currency: 'CNY', sort: 0, status: 'enabled' },
    // A masked number cannot be sent back: the box starts empty and an empty box keeps the number.
    toValues: (row) => ({ ...row, card_number: isMasked(row.card_number) ? '' : row.card_number }),
    toBody: (values, mode) => {
      const body: Record<string, unknown> = { ...values, bank_type: values.bank_type ?? '' };
      if (mode === 'edit' && !values.card_number) delete body.card_number;
      return body;
    },
    render: ({ mode }) => (
      <>
        <Form.Item {...field('account_name', shape.account_name)}>
          <Input maxLength={maxLengthOf(shape.account_name)} />
        </Form.Item>
        <Form.Item {...field('bank_type', shape.bank_type)}>
          <Input maxLength={maxLengthOf(shape.bank_type)} />
        </Form.Item>
        <Form.Item {...field('bank_name', shape.bank_name)}>
          <Input maxLength={maxLengthOf(shape.bank_name)} />
        </Form.Item>
        {mode === 'create' ? (
          <Form.Item {...field('card_number', shape.card_number)}>
            <Input maxLength={LIMITS.text.cardNumber} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item
            name="card_number"
            label={fieldLabel('card_number')}
            extra={t('wallet.account.cardKeep')}
            rules={[
              {
                pattern: CARD_NUMBER_PATTERN,
                message: t('validation.invalid', { field: t('fields.card_number') }),
              },
            ]}
          >
            <Input maxLength={LIMITS.text.cardNumber} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item {...field('currency', shape.currency)}>
          <Radio.Group options={currencyOptions} />
        </Form.Item>
        <Form.Item {...field('sort', shape.sort)} extra={t('access.sortHint')}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item {...field('status', shape.status)}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
      </>
    ),
  };

  return (
    <>
      {canReveal ? null : (
        <Alert type="info" showIcon title={t('wallet.account.maskedNotice')} style={{ marginBottom: 16 }} />
      )}
      <CrudPage<PaymentAccount>
        testId="payment-account-page"
        resource={walletOperations.paymentAccount}
        form={form}
        isSortable
        filters={
          <>
            <Form.Item name="currency" label={fieldLabel('currency')}>
              <Select
                allowClear
                placeholder={t('crud.all')}
                options={currencyOptions}
                style={{ width: 140 }}
              />
            </Form.Item>
            <Form.Item name="status" label={fieldLabel('status')}>
              <StatusSelect />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'account_name', title: fieldLabel('account_name') },
          { key: 'bank_type', title: fieldLabel('bank_type') },
          { key: 'bank_name', title: fieldLabel('bank_name') },
          {
            key: 'card_number',
            title: fieldLabel('card_number'),
            render: (row) => <span style={{ fontFamily: 'monospace' }}>{row.card_number}</span>,
          },
          {
            key: 'currency',
            title: fieldLabel('currency'),
            render: (row) => t(`wallet.currency.${row.currency}`),
          },
          { key: 'sort', title: fieldLabel('sort'), isOrderable: true },
          { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
          {
            key: 'created_at',
            title: t('access.createdAt'),
            isOrderable: true,
            isHiddenByDefault: true,
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
    </>
  );
}
