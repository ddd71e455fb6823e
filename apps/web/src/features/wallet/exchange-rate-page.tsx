import { Form, InputNumber, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { exchangeRateCreateSchema, walletOperations, type ExchangeRate } from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { DateTime } from '../access/shared-fields.tsx';
import { DateTimeInput } from '../../forms/date-input.tsx';

const FIELDS = ['currency', 'rate', 'update_mode', 'next_update_at'] as const;
const UPDATE_MODES = ['manual', 'scheduled'] as const;

/**
 * Exchange rates (platform): created and listed only. spec §5: a rate has two decimals and is
 * immutable once set; a change is a new rate, applying from its creation on.
 */
export function ExchangeRatePage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const shape = exchangeRateCreateSchema.shape;
  const modeOptions = UPDATE_MODES.map((value) => ({ value, label: t(`wallet.rate.updateMode.${value}`) }));

  const form: CrudFormConfig<ExchangeRate> = {
    fieldNames: FIELDS,
    initialValues: { currency: 'USD', update_mode: 'manual' },
    toBody: (values) => {
      const next = typeof values.next_update_at === 'string' ? values.next_update_at : '';
      return { ...values, next_update_at: next ? new Date(next).toISOString() : null };
    },
    render: () => (
      <>
        <Form.Item {...field('currency', shape.currency)}>
          <Select options={[{ value: 'USD', label: t('wallet.currency.USD') }]} />
        </Form.Item>
        <Form.Item {...field('rate', shape.rate)} extra={t('wallet.rate.rateHint')}>
          <InputNumber
            min={0.01}
            max={1_000_000}
            precision={2}
            step={0.01}
            prefix="RMB = 1 :"
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item {...field('update_mode', shape.update_mode)}>
          <Radio.Group options={modeOptions} />
        </Form.Item>
        <Form.Item name="next_update_at" label={fieldLabel('next_update_at')}>
          <DateTimeInput />
        </Form.Item>
      </>
    ),
  };

  return (
    <CrudPage<ExchangeRate>
      testId="exchange-rate-page"
      resource={walletOperations.exchangeRate}
      form={form}
      isDeletable={false}
      hasQuickSearch={false}
      canEditRows={false}
      columns={[
        { key: 'currency', title: fieldLabel('currency'), render: (row) => <Tag>{row.currency}</Tag> },
        {
          key: 'rate',
          title: fieldLabel('rate'),
          render: (row) => <span data-testid="exchange-rate-value">{`RMB = 1 : ${row.rate}`}</span>,
        },
        {
          key: 'update_mode',
          title: fieldLabel('update_mode'),
          render: (row) => t(`wallet.rate.updateMode.${row.update_mode}`),
        },
        {
          key: 'effective_from',
          title: t('wallet.rate.effectiveFrom'),
          isOrderable: true,
          render: (row) => <DateTime value={row.effective_from} />,
        },
        {
          key: 'next_update_at',
          title: fieldLabel('next_update_at'),
          render: (row) => <DateTime value={row.next_update_at} />,
        },
      ]}
    />
  );
}
