import { useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Tabs } from 'antd';
import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Transfer, Withdrawal } from '@pod/shared';
import { PERMISSIONS } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { DateTime } from '../access/shared-fields.tsx';
import type { CrudResource } from '../crud/api.ts';
import { CrudPage, type CrudColumn } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { WALLET_RESOURCES, type ReviewKind } from './api.ts';
import { rangeParams, type PickedRange } from './money-format.ts';
import { ReviewModal, type ReviewTarget } from './review-modal.tsx';
import { TransferDescriptions, WithdrawalDescriptions } from './wallet-details.tsx';
import {
  DateRangeItem,
  FilterSelect,
  MerchantSelect,
  Money,
  ReceiptImages,
  ReviewStatusTag,
  useMoney,
  useWalletOptions,
} from './wallet-fields.tsx';
import { useWithdrawalColumns } from './withdrawal-page.tsx';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

interface Reviewable {
  id: string;
  status: Transfer['status'];
}

/**
 * A finance review queue (spec §2 "transfer audit", "payment review"): the pending requests, and
 * every request with a status filter; approve and reject only on pending rows and only with the
 * button rights (spec §6), each confirmed in a dialog.
 */
function ReviewQueue<Row extends Reviewable>(props: {
  kind: ReviewKind;
  testId: string;
  resources: { pending: CrudResource<Row>; all: CrudResource<Row> };
  columns: readonly CrudColumn<Row>[];
  summary: (row: Row, decision: 'approve' | 'reject') => string;
  details: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const buttons = usePageButtons();
  const options = useWalletOptions();
  const rights = props.kind === 'transfer' ? PERMISSIONS.financeTransfer : PERMISSIONS.financeWithdrawal;
  const canApprove = buttons.has(rights.approve);
  const canReject = buttons.has(rights.reject);
  const [target, setTarget] = useState<ReviewTarget | null>(null);
  const [shown, setShown] = useState<Row | null>(null);

  const list = (resource: CrudResource<Row>, withStatus: boolean) => (
    <CrudPage<Row>
      testId={`${props.testId}-${withStatus ? 'all' : 'pending'}`}
      resource={resource}
      isDeletable={false}
      hasQuickSearch={false}
      toFilterParams={(values): QueryParams => ({
        status: withStatus ? text(values.status) : undefined,
        currency: text(values.currency),
        merchant_id: text(values.merchant_id),
        ...rangeParams(values.range as PickedRange),
      })}
      filters={
        <>
          <Form.Item name="merchant_id" label={t('wallet.col.merchant')}>
            <MerchantSelect />
          </Form.Item>
          {withStatus ? (
            <Form.Item name="status" label={t('wallet.col.status')}>
              <FilterSelect options={options.reviews} />
            </Form.Item>
          ) : null}
          <Form.Item name="currency" label={t('wallet.col.currency')}>
            <FilterSelect options={options.currencies} width={170} />
          </Form.Item>
          <DateRangeItem />
        </>
      }
      rowActions={(row) => (
        <>
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            data-testid="review-details"
            onClick={() => setShown(row)}
          >
            {t('wallet.details')}
          </Button>
          {row.status === 'pending' && canApprove ? (
            <Button
              size="small"
              type="link"
              icon={<CheckOutlined />}
              data-testid="review-approve"
              onClick={() =>
                setTarget({ id: row.id, decision: 'approve', summary: props.summary(row, 'approve') })
              }
            >
              {t('wallet.reviewPage.approve')}
            </Button>
          ) : null}
          {row.status === 'pending' && canReject ? (
            <Button
              size="small"
              type="link"
              danger
              icon={<CloseOutlined />}
              data-testid="review-reject"
              onClick={() =>
                setTarget({ id: row.id, decision: 'reject', summary: props.summary(row, 'reject') })
              }
            >
              {t('wallet.reviewPage.reject')}
            </Button>
          ) : null}
        </>
      )}
      columns={props.columns}
    />
  );

  return (
    <>
      <Tabs
        data-testid={props.testId}
        items={[
          {
            key: 'pending',
            label: t('wallet.reviewPage.tabPending'),
            children: list(props.resources.pending, false),
          },
          { key: 'all', label: t('wallet.reviewPage.tabAll'), children: list(props.resources.all, true) },
        ]}
      />
      <ReviewModal kind={props.kind} target={target} onClose={() => setTarget(null)} />
      <Drawer open={shown !== null} title={t('wallet.details')} size={600} onClose={() => setShown(null)}>
        {shown ? props.details(shown) : null}
      </Drawer>
    </>
  );
}

/** Finance: bank-transfer recharges to review; approving credits the merchant's wallet once. */
export function TransferReviewPage() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <ReviewQueue<Transfer>
      kind="transfer"
      testId="transfer-review-page"
      resources={{ pending: WALLET_RESOURCES.financeTransferPending, all: WALLET_RESOURCES.financeTransfer }}
      summary={(row, decision) =>
        t(decision === 'approve' ? 'wallet.reviewPage.approveTransfer' : 'wallet.reviewPage.rejectTransfer', {
          amount: money(row.amount, row.currency),
          merchant: row.merchant_name,
        })
      }
      details={(row) => <TransferDescriptions transfer={row} showMerchant />}
      columns={[
        { key: 'merchant_name', title: t('wallet.col.merchant') },
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
          key: 'payer',
          title: t('wallet.col.payerBank'),
          render: (row) => `${row.bank_account_name} · ${row.bank_name} · ${row.bank_account_no}`,
        },
        {
          key: 'receipt_image_ids',
          title: t('wallet.col.receipts'),
          render: (row) => <ReceiptImages ids={row.receipt_image_ids} known={row.receipt_images} />,
        },
        {
          key: 'status',
          title: t('wallet.col.status'),
          render: (row) => <ReviewStatusTag status={row.status} />,
        },
        { key: 'reviewer_name', title: t('wallet.col.reviewer'), isHiddenByDefault: true },
        { key: 'review_remark', title: t('wallet.col.reviewRemark'), isHiddenByDefault: true },
        {
          key: 'submitted_at',
          title: t('wallet.col.submittedAt'),
          render: (row) => <DateTime value={row.submitted_at} />,
        },
      ]}
    />
  );
}

/** Finance: withdrawals to review; approving captures the hold, rejecting releases it. */
export function WithdrawalReviewPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const columns = useWithdrawalColumns(true);
  return (
    <ReviewQueue<Withdrawal>
      kind="withdrawal"
      testId="withdrawal-review-page"
      resources={{
        pending: WALLET_RESOURCES.financeWithdrawalPending,
        all: WALLET_RESOURCES.financeWithdrawal,
      }}
      summary={(row, decision) =>
        decision === 'approve'
          ? t('wallet.reviewPage.approveWithdrawal', {
              amount: money(row.amount, row.currency),
              fee: money(row.fee, row.currency),
              net: money(row.net_amount, row.currency),
              merchant: row.merchant_name,
            })
          : t('wallet.reviewPage.rejectWithdrawal', {
              amount: money(row.amount, row.currency),
              merchant: row.merchant_name,
            })
      }
      details={(row) => <WithdrawalDescriptions withdrawal={row} showMerchant />}
      columns={columns}
    />
  );
}
