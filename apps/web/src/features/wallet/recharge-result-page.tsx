import type { ReactNode } from 'react';
import { Button, Card, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useAlipayOrder, useTransfer } from './api.ts';
import type { RechargeMethod, TransferResultState } from './recharge-form.tsx';
import { TransferDescriptions } from './wallet-details.tsx';
import { rechargeHref, useMoney } from './wallet-fields.tsx';

/**
 * spec §2 payment results: the recharge result, with "continue recharge" and "back home". A bank
 * transfer shows its review state (`?type=transfer&id=`); Alipay comes back here
 * (`?type=alipay&out_trade_no=`, decision 0015) and the page waits for the paid notification.
 */
export function RechargeResultPage() {
  const [search] = useSearchParams();
  const type = search.get('type');
  return (
    <Card data-testid="recharge-result-page">
      {type === 'alipay' ? (
        <AlipayResult outTradeNo={search.get('out_trade_no')} />
      ) : (
        <TransferResult id={type === 'transfer' ? search.get('id') : null} />
      )}
    </Card>
  );
}

/** The two ways on: another recharge of the same method, or home. */
function useResultActions(method: RechargeMethod, extra?: ReactNode) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return [
    <Button
      key="continue"
      type="primary"
      data-testid="recharge-continue"
      onClick={() => void navigate(rechargeHref(method))}
    >
      {t('wallet.result.continue')}
    </Button>,
    extra,
    <Button key="home" data-testid="recharge-home" onClick={() => void navigate(PATHS.adminDashboard)}>
      {t('wallet.result.backHome')}
    </Button>,
  ];
}

function Missing({ method, message }: { method: RechargeMethod; message?: string }) {
  const { t } = useTranslation();
  const actions = useResultActions(method);
  return (
    <Result
      status="404"
      title={t('wallet.result.missing')}
      subTitle={message}
      extra={actions}
      data-testid="recharge-result"
      data-result="missing"
    />
  );
}

function TransferResult({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const location = useLocation();
  const receipts = (location.state as TransferResultState | null)?.receipts ?? [];
  const transfer = useTransfer('merchant', id);
  const actions = useResultActions(
    'transfer',
    id ? (
      <Button
        key="detail"
        data-testid="recharge-view-transfer"
        onClick={() => void navigate(`${PATHS.adminTransferDetail}?id=${encodeURIComponent(id)}`)}
      >
        {t('wallet.result.viewTransfer')}
      </Button>
    ) : null,
  );
  if (!id) return <Missing method="transfer" />;
  if (transfer.isPending) return <Spin />;
  if (transfer.isError) return <Missing method="transfer" message={transfer.error.msg} />;
  const row = transfer.data;
  const amount = money(row.amount, row.currency);
  const [status, title, subTitle] =
    row.status === 'approved'
      ? ([
          'success',
          t('wallet.result.transferApproved'),
          t('wallet.result.credited', { amount, tradeNo: row.trade_no ?? '—' }),
        ] as const)
      : row.status === 'rejected'
        ? ([
            'error',
            t('wallet.result.transferRejected'),
            t('wallet.result.rejectedBody', { remark: row.review_remark }),
          ] as const)
        : ([
            'success',
            t('wallet.result.transferPending'),
            t('wallet.result.transferPendingBody', { amount }),
          ] as const);
  return (
    <Flex vertical gap={16}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={actions}
        data-testid="recharge-result"
        data-result={row.status}
      />
      <TransferDescriptions transfer={row} showMerchant={false} known={receipts} />
    </Flex>
  );
}

function AlipayResult({ outTradeNo }: { outTradeNo: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const order = useAlipayOrder(outTradeNo);
  const checkAgain = (
    <Button key="again" data-testid="recharge-check-again" onClick={() => void order.refetch()}>
      {t('wallet.result.checkAgain')}
    </Button>
  );
  const actions = useResultActions('alipay', order.data?.status === 'pending' ? checkAgain : null);
  if (!outTradeNo) return <Missing method="alipay" />;
  if (order.isPending) return <Spin />;
  if (order.isError) return <Missing method="alipay" message={order.error.msg} />;
  const row = order.data;
  const amount = money(row.amount, row.currency);
  switch (row.status) {
    case 'paid':
      return (
        <Result
          status="success"
          title={t('wallet.result.alipayPaid')}
          subTitle={t('wallet.result.credited', { amount, tradeNo: row.trade_no ?? '—' })}
          extra={actions}
          data-testid="recharge-result"
          data-result="paid"
        />
      );
    case 'closed':
      return (
        <Result
          status="error"
          title={t('wallet.result.alipayClosed')}
          subTitle={t('wallet.result.alipayClosedBody', { outTradeNo: row.out_trade_no })}
          extra={actions}
          data-testid="recharge-result"
          data-result="closed"
        />
      );
    case 'pending':
      return (
        <Result
          status="info"
          icon={order.isFetching ? <Spin size="large" /> : undefined}
          title={t('wallet.result.alipayPending')}
          subTitle={t('wallet.result.alipayPendingBody', { amount })}
          extra={actions}
          data-testid="recharge-result"
          data-result="pending"
        />
      );
  }
}
