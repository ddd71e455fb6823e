import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Spin } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WalletTransaction } from '@pod/shared';
import { maxLengthOf, walletTransactionQuerySchema } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage } from '../crud/crud-page.tsx';
import { useTransaction, WALLET_RESOURCES, type TransactionScope } from './api.ts';
import { rangeParams, type PickedRange } from './money-format.ts';
import { TransactionDescriptions } from './wallet-details.tsx';
import {
  DateRangeItem,
  FilterSelect,
  MerchantSelect,
  Money,
  TransactionStatusTag,
  useWalletOptions,
} from './wallet-fields.tsx';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The list's query from the filter form (spec §5: the range was checked by the form). */
function toFilterParams(values: Record<string, unknown>): QueryParams {
  return {
    type: text(values.type),
    status: text(values.status),
    currency: text(values.currency),
    trade_no: text(values.trade_no),
    merchant_id: text(values.merchant_id),
    ...rangeParams(values.range as PickedRange),
  };
}

/**
 * Transactions, newest first, filtered by type, status, currency, trade number and a date range of
 * at most a year, with a detail drawer (spec §2 transactions, transaction detail). The merchant
 * sees its own; finance sees every merchant of its tenant, with a merchant filter.
 */
export function TransactionList({ scope, testId }: { scope: TransactionScope; testId: string }) {
  const { t } = useTranslation();
  const options = useWalletOptions();
  const isFinance = scope === 'finance';
  const [shownId, setShownId] = useState<string | null>(null);

  return (
    <>
      <CrudPage<WalletTransaction>
        testId={testId}
        resource={isFinance ? WALLET_RESOURCES.financeTransaction : WALLET_RESOURCES.transaction}
        {...(isFinance ? {} : { exportPage: 'wallet/transaction' })}
        isDeletable={false}
        hasQuickSearch={false}
        toFilterParams={toFilterParams}
        filters={
          <>
            {isFinance ? (
              <Form.Item name="merchant_id" label={t('wallet.col.merchant')}>
                <MerchantSelect />
              </Form.Item>
            ) : null}
            <Form.Item name="type" label={t('wallet.col.type')}>
              <FilterSelect options={options.types} width={180} testId="wallet-filter-type" />
            </Form.Item>
            <Form.Item name="status" label={t('wallet.col.status')}>
              <FilterSelect options={options.statuses} width={120} />
            </Form.Item>
            <Form.Item name="currency" label={t('wallet.col.currency')}>
              <FilterSelect options={options.currencies} width={170} />
            </Form.Item>
            <Form.Item name="trade_no" label={t('wallet.col.tradeNo')}>
              <Input
                allowClear
                maxLength={maxLengthOf(walletTransactionQuerySchema.shape.trade_no)}
                style={{ width: 200 }}
                data-testid="wallet-filter-trade-no"
              />
            </Form.Item>
            <DateRangeItem />
          </>
        }
        rowActions={(row) => (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            data-testid="transaction-details"
            onClick={() => setShownId(row.id)}
          >
            {t('wallet.details')}
          </Button>
        )}
        columns={[
          {
            key: 'trade_no',
            title: t('wallet.col.tradeNo'),
            render: (row) => <span style={{ fontFamily: 'monospace' }}>{row.trade_no}</span>,
          },
          ...(isFinance ? [{ key: 'merchant_name', title: t('wallet.col.merchant') }] : []),
          { key: 'type', title: t('wallet.col.type'), render: (row) => t(`wallet.type.${row.type}`) },
          {
            key: 'pay_method',
            title: t('wallet.col.payMethod'),
            render: (row) => t(`wallet.payMethod.${row.pay_method}`),
          },
          {
            key: 'amount',
            title: t('wallet.col.amount'),
            render: (row) => <Money minor={row.amount} currency={row.currency} signed />,
          },
          {
            key: 'balance_before',
            title: t('wallet.col.balanceBefore'),
            isHiddenByDefault: true,
            render: (row) => <Money minor={row.balance_before} currency={row.currency} />,
          },
          {
            key: 'balance_after',
            title: t('wallet.col.balanceAfter'),
            render: (row) => <Money minor={row.balance_after} currency={row.currency} />,
          },
          {
            key: 'status',
            title: t('wallet.col.status'),
            render: (row) => <TransactionStatusTag status={row.status} />,
          },
          { key: 'reference', title: t('wallet.col.reference'), isHiddenByDefault: true },
          { key: 'remark', title: t('wallet.col.remark') },
          { key: 'operator_name', title: t('wallet.col.operator'), isHiddenByDefault: true },
          {
            key: 'created_at',
            title: t('wallet.col.createdAt'),
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
      <Drawer
        open={shownId !== null}
        title={t('wallet.transactionDetail')}
        size={560}
        onClose={() => setShownId(null)}
        data-testid="transaction-drawer"
      >
        {shownId ? <TransactionDetail scope={scope} id={shownId} /> : null}
      </Drawer>
    </>
  );
}

/** One transaction as the server reads it now (`GET …/transaction/:id`). */
function TransactionDetail({ scope, id }: { scope: TransactionScope; id: string }) {
  const transaction = useTransaction(scope, id);
  if (transaction.isPending) return <Spin />;
  if (transaction.isError) return <Alert type="error" showIcon title={transaction.error.msg} />;
  return <TransactionDescriptions transaction={transaction.data} showMerchant={scope === 'finance'} />;
}
