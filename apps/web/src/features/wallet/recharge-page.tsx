import { Button, Form, Tabs } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { WALLET_CURRENCIES, type Transfer, type WalletCurrency, PERMISSIONS } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { PATHS } from '../../app/paths.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { WALLET_RESOURCES } from './api.ts';
import { rangeParams, type PickedRange } from './money-format.ts';
import { RECHARGE_METHODS, RechargeForm, type RechargeMethod } from './recharge-form.tsx';
import {
  DateRangeItem,
  FilterSelect,
  Money,
  ReviewStatusTag,
  useMenuLink,
  useWalletOptions,
} from './wallet-fields.tsx';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The recharge menu page (spec §2 Balance: recharge): the form, and the merchant's transfer requests. */
export function RechargePage() {
  const { t } = useTranslation();
  const canAdd = usePageButtons().has(PERMISSIONS.walletRecharge.add);
  return (
    <Tabs
      data-testid="wallet-recharge-page"
      items={[
        {
          key: 'form',
          label: t('wallet.recharge.tabForm'),
          children: <RechargeForm canAdd={canAdd} />,
        },
        {
          key: 'transfers',
          label: t('wallet.recharge.tabTransfers'),
          children: <TransferRequests />,
        },
      ]}
    />
  );
}

/** spec §2 `rechargeBalance/:type`: the recharge form opened on a method (and a currency). */
export function RechargeBalancePage() {
  const { type } = useParams();
  const [search] = useSearchParams();
  const recharge = useMenuLink('wallet/recharge');
  const method = RECHARGE_METHODS.find((m) => m === type);
  if (!method) return <Navigate to={`${PATHS.adminRechargeBalance}/${RECHARGE_METHODS[0]}`} replace />;
  const currency = WALLET_CURRENCIES.find((c) => c === search.get('currency'));
  return (
    <div data-testid="wallet-recharge-balance-page">
      <RechargeForm
        // A new method or currency in the address starts a fresh form.
        key={`${method}-${currency ?? ''}`}
        initialMethod={method satisfies RechargeMethod}
        initialCurrency={currency satisfies WalletCurrency | undefined}
        canAdd={recharge?.buttons.has(PERMISSIONS.walletRecharge.add) ?? false}
      />
    </div>
  );
}

/** The merchant's bank-transfer recharges and their review state (spec §4). */
function TransferRequests() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useWalletOptions();
  const toFilterParams = (values: Record<string, unknown>): QueryParams => ({
    status: text(values.status),
    currency: text(values.currency),
    ...rangeParams(values.range as PickedRange),
  });

  return (
    <CrudPage<Transfer>
      testId="wallet-transfer-list"
      resource={WALLET_RESOURCES.transfer}
      exportPage="wallet/recharge"
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
        <Button
          size="small"
          type="link"
          icon={<EyeOutlined />}
          data-testid="transfer-details"
          onClick={() => void navigate(`${PATHS.adminTransferDetail}?id=${encodeURIComponent(row.id)}`)}
        >
          {t('wallet.details')}
        </Button>
      )}
      columns={[
        { key: 'receipt_no', title: t('wallet.col.receiptNo') },
        {
          key: 'amount',
          title: t('wallet.col.amount'),
          render: (row) => <Money minor={row.amount} currency={row.currency} />,
        },
        {
          key: 'transfer_type',
          title: t('wallet.col.transferType'),
          render: (row) => t(`wallet.transferType.${row.transfer_type}`),
        },
        {
          key: 'status',
          title: t('wallet.col.status'),
          render: (row) => <ReviewStatusTag status={row.status} />,
        },
        { key: 'review_remark', title: t('wallet.col.reviewRemark') },
        { key: 'trade_no', title: t('wallet.col.tradeNo'), isHiddenByDefault: true },
        {
          key: 'submitted_at',
          title: t('wallet.col.submittedAt'),
          render: (row) => <DateTime value={row.submitted_at} />,
        },
        {
          key: 'reviewed_at',
          title: t('wallet.col.reviewedAt'),
          render: (row) => <DateTime value={row.reviewed_at} />,
        },
      ]}
    />
  );
}
