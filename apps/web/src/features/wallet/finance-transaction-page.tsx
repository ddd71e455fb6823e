import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, Modal, Radio, Space, Table, Tabs } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  adjustmentCreateSchema,
  LIMITS,
  WALLET_CURRENCIES,
  type WalletCurrency,
  tenancyOperations,
  PERMISSIONS,
  maxLengthOf,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { useCrudList, useCrudSelect } from '../crud/api.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { useAdjust, WALLET_RESOURCES, type MerchantWallet } from './api.ts';
import { parseAmount } from './money-format.ts';
import { newRequestKey } from './request-key.ts';
import { TransactionList } from './transaction-list.tsx';
import {
  AmountInput,
  FilterSelect,
  MerchantSelect,
  Money,
  useAmountRule,
  useMoney,
  useWalletOptions,
} from './wallet-fields.tsx';
import { RefreshButton } from '../crud/toolbar-buttons.tsx';

/** Where an adjustment starts: a wallet's merchant and currency, or nothing chosen. */
type AdjustStart = { merchant_id?: string; currency?: WalletCurrency };

/**
 * Finance across the tenant's merchants (issue: wallet "Admin: finance views across merchants"):
 * every merchant's transactions, the wallets with balance and held amount, and manual adjustments.
 */
export function FinanceTransactionPage() {
  const { t } = useTranslation();
  const canAdjust = usePageButtons().has(PERMISSIONS.financeTransaction.adjust);
  const [adjusting, setAdjusting] = useState<AdjustStart | null>(null);
  return (
    <>
      <Tabs
        data-testid="finance-transaction-page"
        tabBarExtraContent={
          canAdjust ? (
            <Button
              type="primary"
              icon={<EditOutlined />}
              data-testid="adjust-open"
              onClick={() => setAdjusting({})}
            >
              {t('wallet.finance.adjust')}
            </Button>
          ) : null
        }
        items={[
          {
            key: 'transactions',
            label: t('wallet.finance.tabTransactions'),
            children: <TransactionList scope="finance" testId="finance-transaction-list" />,
          },
          {
            key: 'wallets',
            label: t('wallet.finance.tabWallets'),
            children: <WalletList canAdjust={canAdjust} onAdjust={setAdjusting} />,
          },
        ]}
      />
      {adjusting ? <AdjustmentModal start={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </>
  );
}

/** The tenant's merchant wallets (`GET /finance/wallet`), by merchant and currency. */
function WalletList({ canAdjust, onAdjust }: { canAdjust: boolean; onAdjust: (start: AdjustStart) => void }) {
  const { t } = useTranslation();
  const options = useWalletOptions();
  const [filterForm] = Form.useForm<{ merchant_id?: string; currency?: string }>();
  const [filters, setFilters] = useState<{ merchant_id?: string; currency?: string }>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pagination.defaultPageSize);
  const list = useCrudList<MerchantWallet>(WALLET_RESOURCES.financeWallet, { page, limit, ...filters });

  return (
    <Flex vertical gap={16} data-testid="finance-wallet-list">
      <Card size="small">
        <Form
          form={filterForm}
          layout="inline"
          onFinish={(values) => {
            setFilters({
              merchant_id: values.merchant_id || undefined,
              currency: values.currency || undefined,
            });
            setPage(1);
          }}
        >
          <Form.Item name="merchant_id" label={t('wallet.col.merchant')}>
            <MerchantSelect />
          </Form.Item>
          <Form.Item name="currency" label={t('wallet.col.currency')}>
            <FilterSelect options={options.currencies} width={170} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('crud.search')}
              </Button>
              <Button
                onClick={() => {
                  filterForm.resetFields();
                  setFilters({});
                  setPage(1);
                }}
              >
                {t('crud.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        <Flex vertical gap={12}>
          <Space>
            <RefreshButton onRefresh={() => list.refetch()} />
          </Space>
          {list.isError ? <Alert type="error" showIcon title={list.error.msg} /> : null}
          <Table<MerchantWallet>
            rowKey={(row) => `${row.merchant_id}:${row.currency}`}
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('crud.empty')} /> }}
            pagination={{
              current: page,
              pageSize: limit,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => t('crud.total', { count: total }),
              onChange: (next, size) => {
                setPage(next);
                setLimit(size);
              },
            }}
            columns={[
              { key: 'merchant_name', dataIndex: 'merchant_name', title: t('wallet.col.merchant') },
              { key: 'merchant_number', dataIndex: 'merchant_number', title: t('wallet.col.merchantNumber') },
              {
                key: 'currency',
                title: t('wallet.col.currency'),
                render: (_, row) => t(`wallet.currency.${row.currency}`),
              },
              {
                key: 'balance',
                title: t('wallet.col.balance'),
                render: (_, row) => <Money minor={row.balance} currency={row.currency} />,
              },
              {
                key: 'held',
                title: t('wallet.col.held'),
                render: (_, row) => <Money minor={row.held} currency={row.currency} />,
              },
              {
                key: 'updated_at',
                title: t('wallet.col.updatedAt'),
                render: (_, row) => <DateTime value={row.updated_at} />,
              },
              ...(canAdjust
                ? [
                    {
                      key: '__actions',
                      title: t('crud.actions'),
                      render: (_: unknown, row: MerchantWallet) => (
                        <Button
                          size="small"
                          type="link"
                          icon={<EditOutlined />}
                          data-testid="wallet-adjust"
                          onClick={() => onAdjust({ merchant_id: row.merchant_id, currency: row.currency })}
                        >
                          {t('menu.button.adjust')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
      </Card>
    </Flex>
  );
}

const FIELDS = ['merchant_id', 'currency', 'direction', 'amount', 'remark'] as const;
type AdjustValues = {
  merchant_id?: string;
  currency: WalletCurrency;
  direction: 'credit' | 'debit';
  amount?: number | null;
  remark?: string;
};

/**
 * A manual adjustment (decision 0015: a correction is a new transaction). The idempotency key is
 * made when the dialog opens, so a repeated confirm applies once; a confirmation says what it does.
 */
function AdjustmentModal({ start, onClose }: { start: AdjustStart; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const amountRule = useAmountRule();
  const money = useMoney();
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdjust();
  const merchants = useCrudSelect(tenancyOperations.merchant);
  const onFailure = useFormFailure(form, FIELDS);
  const [requestKey] = useState(() => newRequestKey('adj'));
  const shape = adjustmentCreateSchema.shape;
  const currency = Form.useWatch('currency', form) ?? start.currency ?? 'CNY';

  const onFinish = (values: AdjustValues) => {
    const minor = parseAmount(values.amount);
    if (minor === null || !values.merchant_id) return;
    const merchantId = values.merchant_id;
    const merchant = merchants.data?.find((m) => m.value === merchantId)?.label ?? merchantId;
    const amount = money(minor, values.currency);
    modal.confirm({
      title: t('wallet.finance.confirmTitle'),
      content: t(
        values.direction === 'credit' ? 'wallet.finance.confirmCredit' : 'wallet.finance.confirmDebit',
        {
          amount,
          merchant,
        },
      ),
      okText: t('menu.button.adjust'),
      okButtonProps: { danger: values.direction === 'debit', 'data-testid': 'adjust-confirm' },
      cancelText: t('app.cancel'),
      onOk: async () => {
        try {
          await adjust.mutateAsync({
            merchant_id: merchantId,
            currency: values.currency,
            amount: values.direction === 'credit' ? minor : -minor,
            remark: values.remark?.trim() ?? '',
            idempotency_key: requestKey,
          });
          onClose();
        } catch (error) {
          onFailure(error as ApiError);
        }
      },
    });
  };

  return (
    <Modal
      open
      title={t('wallet.finance.adjustTitle')}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={adjust.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'adjust-submit' }}
    >
      <Alert type="info" showIcon title={t('wallet.finance.adjustHint')} style={{ marginBottom: 16 }} />
      <Form<AdjustValues>
        form={form}
        layout="vertical"
        data-testid="adjust-form"
        initialValues={{
          merchant_id: start.merchant_id,
          currency: start.currency ?? 'CNY',
          direction: 'credit',
        }}
        onFinish={onFinish}
      >
        <Form.Item {...field('merchant_id', shape.merchant_id)}>
          <MerchantSelect allowClear={false} width={320} />
        </Form.Item>
        <Form.Item {...field('currency', shape.currency)}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={WALLET_CURRENCIES.map((value) => ({ value, label: t(`wallet.currency.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="direction" label={fieldLabel('direction')} required>
          <Radio.Group
            options={[
              { value: 'credit', label: t('wallet.finance.credit') },
              { value: 'debit', label: t('wallet.finance.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('wallet.col.amount')} required rules={[amountRule()]}>
          <AmountInput currency={currency} testId="adjust-amount" />
        </Form.Item>
        <Form.Item {...field('remark', shape.remark)}>
          <Input.TextArea maxLength={maxLengthOf(shape.remark)} rows={2} data-testid="adjust-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
