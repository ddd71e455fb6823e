import { use, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Drawer, Flex, Form, Input, Radio, Spin, Tabs, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import {
  WALLET_CURRENCIES,
  withdrawalCreateSchema,
  withdrawalFee,
  type WalletCurrency,
  type Withdrawal,
  type WithdrawalSettings,
  PERMISSIONS,
  maxLengthOf,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import type { QueryParams } from '../../api/client.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useZodField } from '../../forms/use-zod-field.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage, type CrudColumn } from '../crud/crud-page.tsx';
import { CurrentMenuContext, usePageButtons } from '../layout/current-menu.ts';
import { menuHref } from '../layout/menu-tree.ts';
import { useBalances, useSubmitWithdrawal, useWithdrawalSettings, WALLET_RESOURCES } from './api.ts';
import { parseAmount, rangeParams, type PickedRange } from './money-format.ts';
import { newRequestKey } from './request-key.ts';
import { WithdrawalDescriptions } from './wallet-details.tsx';
import {
  AgreementItem,
  AmountInput,
  DateRangeItem,
  FilterSelect,
  Money,
  ReviewStatusTag,
  useAmountRule,
  useMoney,
  useWalletOptions,
} from './wallet-fields.tsx';

/** spec §2 Balance: withdrawal (the original marks it "under development"; issue: wallet finishes it). */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const canAdd = usePageButtons().has(PERMISSIONS.walletWithdrawal.add);
  const [shown, setShown] = useState<Withdrawal | null>(null);
  return (
    <>
      <Tabs
        data-testid="wallet-withdrawal-page"
        items={[
          {
            key: 'form',
            label: t('wallet.withdrawal.tabForm'),
            children: <WithdrawalForm canAdd={canAdd} />,
          },
          {
            key: 'list',
            label: t('wallet.withdrawal.tabList'),
            children: <WithdrawalList onShow={setShown} />,
          },
        ]}
      />
      <Drawer open={shown !== null} title={t('wallet.details')} size={560} onClose={() => setShown(null)}>
        {shown ? <WithdrawalDescriptions withdrawal={shown} showMerchant={false} /> : null}
      </Drawer>
    </>
  );
}

const FIELDS = [
  'currency',
  'amount',
  'method',
  'account_name',
  'account_no',
  'bank_name',
  'remark',
  'agreement',
] as const;

type Values = {
  currency: WalletCurrency;
  amount?: number | null;
  method: 'bank' | 'alipay';
  account_name?: string;
  account_no?: string;
  bank_name?: string;
  remark?: string;
  agreement?: boolean;
};

/** The withdrawal form: amount within the configured limits, a fee preview, method, account, agreement. */
function WithdrawalForm({ canAdd }: { canAdd: boolean }) {
  const settings = useWithdrawalSettings();
  const balances = useBalances();
  if (settings.isPending || balances.isPending) return <Spin />;
  if (settings.isError) return <Alert type="error" showIcon title={settings.error.msg} />;
  if (balances.isError) return <Alert type="error" showIcon title={balances.error.msg} />;
  const available = (currency: WalletCurrency) =>
    balances.data.list.find((b) => b.currency === currency)?.balance ?? 0;
  return <WithdrawalFormBody canAdd={canAdd} settings={settings.data} available={available} />;
}

function WithdrawalFormBody({
  canAdd,
  settings,
  available,
}: {
  canAdd: boolean;
  settings: WithdrawalSettings;
  available: (currency: WalletCurrency) => number;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const field = useZodField();
  const amountRule = useAmountRule();
  const money = useMoney();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitWithdrawal();
  const onFailure = useFormFailure(form, FIELDS);
  // One key per opened form: a double submit or a retry holds the amount once (decision 0015).
  const [requestKey, setRequestKey] = useState(() => newRequestKey('wd'));
  const shape = withdrawalCreateSchema.shape;
  const currency = Form.useWatch('currency', form) ?? 'CNY';
  const method = Form.useWatch('method', form) ?? 'bank';
  const amount = parseAmount(Form.useWatch('amount', form));
  const fee = amount === null ? null : withdrawalFee(amount, settings.fee_bps);

  // The balance page's "withdraw" opens this page with `?currency=`; a kept page takes it on arrival.
  const menu = use(CurrentMenuContext);
  const location = useLocation();
  const [search] = useSearchParams();
  useEffect(() => {
    const asked = WALLET_CURRENCIES.find((c) => c === search.get('currency'));
    if (asked && menu && location.pathname === menuHref(menu)) form.setFieldValue('currency', asked);
  }, [search, location.pathname, menu, form]);

  const check = (minor: number) => {
    if (minor < settings.min_amount || minor > settings.max_amount)
      return t('wallet.withdrawal.outOfRange', {
        min: money(settings.min_amount, currency),
        max: money(settings.max_amount, currency),
      });
    return minor > available(currency) ? t('wallet.withdrawal.overBalance') : null;
  };

  const send = async (values: Values, minor: number) => {
    try {
      await submit.mutateAsync({
        amount: minor,
        currency: values.currency,
        method: values.method,
        account_name: values.account_name ?? '',
        account_no: values.account_no ?? '',
        bank_name: values.method === 'bank' ? (values.bank_name ?? '') : '',
        remark: values.remark ?? '',
        agreement: values.agreement === true,
        idempotency_key: requestKey,
      });
      form.resetFields();
      setRequestKey(newRequestKey('wd'));
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  const onFinish = (values: Values) => {
    const minor = parseAmount(values.amount);
    if (minor === null) return;
    const feeMinor = withdrawalFee(minor, settings.fee_bps);
    modal.confirm({
      title: t('wallet.withdrawal.confirmTitle'),
      content: t('wallet.withdrawal.confirm', {
        amount: money(minor, values.currency),
        fee: money(feeMinor, values.currency),
        net: money(minor - feeMinor, values.currency),
      }),
      okText: t('wallet.withdrawal.submit'),
      cancelText: t('app.cancel'),
      okButtonProps: { 'data-testid': 'withdrawal-confirm' },
      onOk: () => send(values, minor),
    });
  };

  return (
    <Card>
      <Flex vertical gap={16}>
        {canAdd ? null : <Alert type="warning" showIcon title={t('wallet.withdrawal.noPermission')} />}
        <Typography.Text type="secondary" data-testid="withdrawal-limits">
          {t('wallet.withdrawal.limits', {
            min: money(settings.min_amount, currency),
            max: money(settings.max_amount, currency),
            rate: (settings.fee_bps / 100).toFixed(2),
          })}
        </Typography.Text>
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 720 }}
          disabled={!canAdd}
          initialValues={{ currency: 'CNY', method: settings.methods[0] ?? 'bank' }}
          onFinish={onFinish}
          data-testid="withdrawal-form"
        >
          <Form.Item {...field('currency', shape.currency)}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={WALLET_CURRENCIES.map((value) => ({ value, label: t(`wallet.currency.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('wallet.col.amount')}
            required
            dependencies={['currency']}
            rules={[amountRule(check)]}
            extra={
              <Flex vertical>
                <span data-testid="withdrawal-available">
                  {t('wallet.withdrawal.available', { amount: money(available(currency), currency) })}
                </span>
                {fee !== null && amount !== null ? (
                  <span data-testid="withdrawal-preview">
                    {t('wallet.withdrawal.preview', {
                      fee: money(fee, currency),
                      net: money(amount - fee, currency),
                    })}
                  </span>
                ) : null}
              </Flex>
            }
          >
            <AmountInput currency={currency} testId="withdrawal-amount" />
          </Form.Item>
          <Form.Item {...field('method', shape.method)}>
            <Radio.Group
              options={settings.methods.map((value) => ({
                value,
                label: t(`wallet.withdrawalMethod.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item {...field('account_name', shape.account_name)}>
            <Input maxLength={maxLengthOf(shape.account_name)} data-testid="withdrawal-account-name" />
          </Form.Item>
          <Form.Item {...field('account_no', shape.account_no)}>
            <Input
              maxLength={maxLengthOf(shape.account_no)}
              autoComplete="off"
              data-testid="withdrawal-account-no"
            />
          </Form.Item>
          {method === 'bank' ? (
            <Form.Item {...field('bank_name', shape.bank_name)}>
              <Input maxLength={maxLengthOf(shape.bank_name)} data-testid="withdrawal-bank-name" />
            </Form.Item>
          ) : null}
          <Form.Item {...field('remark', shape.remark)}>
            <Input.TextArea maxLength={maxLengthOf(shape.remark)} rows={2} />
          </Form.Item>
          <AgreementItem testId="withdrawal-agreement" />
          {canAdd ? (
            <Button
              type="primary"
              htmlType="submit"
              loading={submit.isPending}
              data-testid="withdrawal-submit"
            >
              {t('wallet.withdrawal.submit')}
            </Button>
          ) : null}
        </Form>
      </Flex>
    </Card>
  );
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The merchant's withdrawals and their review state. */
function WithdrawalList({ onShow }: { onShow: (row: Withdrawal) => void }) {
  const { t } = useTranslation();
  const options = useWalletOptions();
  const columns = useWithdrawalColumns(false);
  const toFilterParams = (values: Record<string, unknown>): QueryParams => ({
    status: text(values.status),
    currency: text(values.currency),
    ...rangeParams(values.range as PickedRange),
  });
  return (
    <CrudPage<Withdrawal>
      testId="wallet-withdrawal-list"
      resource={WALLET_RESOURCES.withdrawal}
      exportPage="wallet/withdrawal"
      isDeletable={false}
      hasQuickSearch={false}
      toFilterParams={toFilterParams}
      filters={
        <>
          <Form.Item name="status" label={t('wallet.col.status')}>
            <FilterSelect options={options.reviews} />
          </Form.Item>
          <Form.Item name="currency" label={t('wallet.col.currency')}>
            <FilterSelect options={options.currencies} width={170} />
          </Form.Item>
          <DateRangeItem />
        </>
      }
      rowActions={(row) => (
        <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => onShow(row)}>
          {t('wallet.details')}
        </Button>
      )}
      columns={columns}
    />
  );
}

/** The columns of a withdrawal list (the merchant's, or finance's with the merchant). */
export function useWithdrawalColumns(showMerchant: boolean): CrudColumn<Withdrawal>[] {
  const { t } = useTranslation();
  return [
    ...(showMerchant ? [{ key: 'merchant_name', title: t('wallet.col.merchant') }] : []),
    {
      key: 'amount',
      title: t('wallet.col.amount'),
      render: (row) => <Money minor={row.amount} currency={row.currency} />,
    },
    {
      key: 'fee',
      title: t('wallet.col.fee'),
      render: (row) => <Money minor={row.fee} currency={row.currency} />,
    },
    {
      key: 'net_amount',
      title: t('wallet.col.netAmount'),
      render: (row) => <Money minor={row.net_amount} currency={row.currency} />,
    },
    {
      key: 'method',
      title: t('wallet.col.method'),
      render: (row) => t(`wallet.withdrawalMethod.${row.method}`),
    },
    {
      key: 'account_no',
      title: t('wallet.col.account'),
      render: (row) => `${row.account_name} · ${row.account_no}`,
    },
    {
      key: 'status',
      title: t('wallet.col.status'),
      render: (row) => <ReviewStatusTag status={row.status} />,
    },
    { key: 'review_remark', title: t('wallet.col.reviewRemark') },
    {
      key: 'submitted_at',
      title: t('wallet.col.submittedAt'),
      render: (row) => <DateTime value={row.submitted_at} />,
    },
    {
      key: 'reviewed_at',
      title: t('wallet.col.reviewedAt'),
      isHiddenByDefault: true,
      render: (row) => <DateTime value={row.reviewed_at} />,
    },
  ];
}
