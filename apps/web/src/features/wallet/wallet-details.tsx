import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Transfer, WalletTransaction, Withdrawal } from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import {
  Money,
  ReceiptImages,
  ReviewStatusTag,
  TransactionStatusTag,
  type KnownImage,
} from './wallet-fields.tsx';

const dash = (text: string | null | undefined) => (text ? text : '—');

/** spec §3 Balance transaction: every field of one ledger row. */
export function TransactionDescriptions({
  transaction: tx,
  showMerchant,
}: {
  transaction: WalletTransaction;
  showMerchant: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="small" data-testid="transaction-detail">
      <Descriptions.Item label={t('wallet.col.tradeNo')}>
        <Typography.Text copyable>{tx.trade_no}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.thirdPartyNo')}>{dash(tx.third_party_no)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reference')}>
        {tx.reference_type ? `${t(`wallet.referenceType.${tx.reference_type}`)} · ` : ''}
        {dash(tx.reference)}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.type')}>{t(`wallet.type.${tx.type}`)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.payMethod')}>
        {t(`wallet.payMethod.${tx.pay_method}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.currency')}>
        {t(`wallet.currency.${tx.currency}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.status')}>
        <TransactionStatusTag status={tx.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.amount')}>
        <Money minor={tx.amount} currency={tx.currency} signed />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.balanceBefore')}>
        <Money minor={tx.balance_before} currency={tx.currency} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.balanceAfter')}>
        <Money minor={tx.balance_after} currency={tx.currency} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.createdAt')}>
        <DateTime value={tx.created_at} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.paidAt')}>
        <DateTime value={tx.paid_at} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.arrivedAt')}>
        <DateTime value={tx.arrived_at} />
      </Descriptions.Item>
      {showMerchant ? (
        <Descriptions.Item label={t('wallet.col.merchant')}>{dash(tx.merchant_name)}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('wallet.col.operator')}>{dash(tx.operator_name)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.remark')}>{dash(tx.remark)}</Descriptions.Item>
    </Descriptions>
  );
}

/** spec §3 Recharge / bank transfer: the request, the account paid to, receipts and the review. */
export function TransferDescriptions({
  transfer,
  showMerchant,
  known,
}: {
  transfer: Transfer;
  showMerchant: boolean;
  known?: readonly KnownImage[];
}) {
  const { t } = useTranslation();
  const account = transfer.payment_account;
  return (
    <Descriptions column={1} bordered size="small" data-testid="transfer-detail">
      {showMerchant ? (
        <Descriptions.Item label={t('wallet.col.merchant')}>{transfer.merchant_name}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('wallet.col.status')}>
        <ReviewStatusTag status={transfer.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.receiptNo')}>{transfer.receipt_no}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.amount')}>
        <Money minor={transfer.amount} currency={transfer.currency} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.transferType')}>
        {t(`wallet.transferType.${transfer.transfer_type}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.payMethod')}>
        {t('wallet.payMethod.bank_transfer')}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.paymentAccount')}>
        {account ? `${account.account_name} · ${account.bank_name} · ${account.card_number}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.payerBank')}>
        {`${transfer.bank_account_name} · ${transfer.bank_name} · ${transfer.bank_account_no}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.receipts')}>
        <ReceiptImages
          ids={transfer.receipt_image_ids}
          known={[...(known ?? []), ...transfer.receipt_images]}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.remark')}>{dash(transfer.remark)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.submittedAt')}>
        <DateTime value={transfer.submitted_at} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reviewer')}>{dash(transfer.reviewer_name)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reviewedAt')}>
        <DateTime value={transfer.reviewed_at} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reviewRemark')}>
        {dash(transfer.review_remark)}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.tradeNo')}>{dash(transfer.trade_no)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.updatedAt')}>
        <DateTime value={transfer.updated_at} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** spec §3 Withdrawal: amount, fee, method, account and the review. */
export function WithdrawalDescriptions({
  withdrawal: w,
  showMerchant,
}: {
  withdrawal: Withdrawal;
  showMerchant: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="small" data-testid="withdrawal-detail">
      {showMerchant ? (
        <Descriptions.Item label={t('wallet.col.merchant')}>{w.merchant_name}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('wallet.col.status')}>
        <ReviewStatusTag status={w.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.amount')}>
        <Money minor={w.amount} currency={w.currency} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.fee')}>
        <Money minor={w.fee} currency={w.currency} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.netAmount')}>
        <Money minor={w.net_amount} currency={w.currency} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.method')}>
        {t(`wallet.withdrawalMethod.${w.method}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.account')}>
        {[w.account_name, w.bank_name, w.account_no].filter(Boolean).join(' · ')}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.remark')}>{dash(w.remark)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.submittedAt')}>
        <DateTime value={w.submitted_at} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reviewer')}>{dash(w.reviewer_name)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reviewedAt')}>
        <DateTime value={w.reviewed_at} />
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.reviewRemark')}>{dash(w.review_remark)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.holdTradeNo')}>{dash(w.hold_trade_no)}</Descriptions.Item>
      <Descriptions.Item label={t('wallet.col.releaseTradeNo')}>{dash(w.release_trade_no)}</Descriptions.Item>
    </Descriptions>
  );
}
