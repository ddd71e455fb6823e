import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Progress, Result, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Order } from '@pod/shared';
import { rechargeHref } from '../wallet/wallet-fields.tsx';
import { orderKeys, PAY_STATUS_POLLS, usePayStatus } from './api.ts';
import { isWalletCurrency } from './money.ts';
import { resultOrderNos } from './order-nos.ts';
import {
  Amount,
  OrderCountdown,
  OrderStatusTag,
  orderDetailHref,
  useAmount,
  useOrderLinks,
  type PayResultState,
} from './order-fields.tsx';
import { PayOrdersDialog } from './pay-orders-dialog.tsx';

/**
 * spec §2 payment results (`/admin/payResult`, `/admin/orderPayResult/:order_no`): success or
 * failure with the reason, and continue buying, view orders, repay and recharge. The reason comes
 * from the page that paid (router state); Alipay comes back with `type=alipay`, and the page asks
 * again a few times while the paid notification has not arrived.
 */
export function PayResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const orderNos = resultOrderNos(params.order_no, search.get('order_nos'));
  const isAlipay = search.get('type') === 'alipay';
  const handed = (location.state as PayResultState | null)?.paymentError ?? null;
  const [paymentError, setPaymentError] = useState<string | null>(handed);
  const [isRepaying, setIsRepaying] = useState(false);
  const status = usePayStatus(orderNos, isAlipay);
  const queryClient = useQueryClient();
  // How many answers so far (the query asks again while Alipay's notification is awaited).
  const polls = queryClient.getQueryState(orderKeys.payStatus(orderNos))?.dataUpdateCount ?? 0;
  const links = useOrderLinks();
  const amount = useAmount();

  const orders = status.data?.orders ?? [];
  const unpaid = orders.filter((o) => o.status === 'unpaid');
  const isWaiting = isAlipay && status.data?.success === false && polls < PAY_STATUS_POLLS && !paymentError;
  const shortCurrency = orders.find((o) => o.status === 'unpaid')?.currency ?? 'CNY';

  const actions = [
    <Button
      key="continue"
      type="primary"
      data-testid="result-continue"
      onClick={() => void navigate(links.continueBuying)}
    >
      {t('orders.result.continueBuying')}
    </Button>,
    <Button key="orders" data-testid="result-orders" onClick={() => void navigate(links.orderList)}>
      {t('orders.result.viewOrders')}
    </Button>,
    unpaid.length > 0 && links.canPay ? (
      <Button key="repay" data-testid="result-repay" onClick={() => setIsRepaying(true)}>
        {t('orders.result.repay')}
      </Button>
    ) : null,
    unpaid.length > 0 ? (
      <Button
        key="recharge"
        data-testid="result-recharge"
        onClick={() =>
          void navigate(rechargeHref('transfer', isWalletCurrency(shortCurrency) ? shortCurrency : undefined))
        }
      >
        {t('orders.result.recharge')}
      </Button>
    ) : null,
  ];

  const body = () => {
    if (orderNos.length === 0)
      return (
        <Result
          status="404"
          title={t('orders.result.missing')}
          extra={actions}
          data-testid="pay-result"
          data-result="missing"
        />
      );
    if (status.isPending)
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      );
    if (status.isError)
      return (
        <Result
          status="error"
          title={t('orders.result.loadFailed')}
          subTitle={status.error.msg}
          extra={actions}
          data-testid="pay-result"
          data-result="error"
        />
      );
    const data = status.data;
    const paid = data.amounts.map((a) => amount(a.amount, a.currency)).join(' + ');
    const balances = data.balances.map((b) => amount(b.balance, b.currency)).join(' / ');
    if (data.success)
      return (
        <Result
          status="success"
          title={t('orders.result.success')}
          subTitle={t('orders.result.successBody', { amount: paid, balance: balances || '—' })}
          extra={actions}
          data-testid="pay-result"
          data-result="success"
        />
      );
    if (isWaiting)
      return (
        <Result
          status="info"
          icon={<Spin size="large" />}
          title={t('orders.result.waiting')}
          subTitle={
            <Flex vertical align="center" gap={8}>
              <span>{t('orders.result.waitingBody', { amount: paid })}</span>
              <Progress
                percent={Math.round((polls / PAY_STATUS_POLLS) * 100)}
                showInfo={false}
                style={{ maxWidth: 320 }}
                data-testid="pay-result-progress"
              />
            </Flex>
          }
          extra={actions}
          data-testid="pay-result"
          data-result="waiting"
        />
      );
    if (unpaid.length === 0)
      return (
        <Result
          status="error"
          title={t('orders.result.failed')}
          subTitle={t('orders.result.notPayable')}
          extra={actions}
          data-testid="pay-result"
          data-result="closed"
        />
      );
    if (paymentError || isAlipay)
      return (
        <Result
          status="error"
          title={t('orders.result.failed')}
          subTitle={paymentError ?? t('orders.result.alipayNotConfirmed')}
          extra={[
            ...actions,
            isAlipay ? (
              <Button key="again" data-testid="result-check-again" onClick={() => void status.refetch()}>
                {t('orders.result.checkAgain')}
              </Button>
            ) : null,
          ]}
          data-testid="pay-result"
          data-result="failed"
        />
      );
    return (
      <Result
        status="info"
        title={t('orders.result.submitted')}
        subTitle={t('orders.result.submittedBody', { amount: paid })}
        extra={actions}
        data-testid="pay-result"
        data-result="unpaid"
      />
    );
  };

  return (
    <Card data-testid="pay-result-page">
      {body()}
      {orders.length > 0 ? (
        <Table<Order>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={orders}
          data-testid="pay-result-orders"
          columns={[
            {
              key: 'no',
              title: t('orders.col.orderNo'),
              render: (_: unknown, row) => (
                <Typography.Link onClick={() => void navigate(orderDetailHref(row.order_no))}>
                  {row.order_no}
                </Typography.Link>
              ),
            },
            { key: 'consignee', title: t('orders.col.consignee'), dataIndex: 'consignee' },
            {
              key: 'total',
              title: t('orders.col.totalAmount'),
              render: (_: unknown, row) => <Amount minor={row.total_amount} currency={row.currency} strong />,
            },
            {
              key: 'status',
              title: t('orders.col.status'),
              render: (_: unknown, row) => (
                <Flex gap={8} align="center" wrap>
                  <OrderStatusTag status={row.status} />
                  {row.status === 'unpaid' ? (
                    <OrderCountdown expiresAt={row.expires_at} onExpired={() => void status.refetch()} />
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
      {isRepaying ? (
        <PayOrdersDialog
          orderNos={unpaid.map((o) => o.order_no)}
          onClose={() => setIsRepaying(false)}
          onPaid={() => {
            setPaymentError(null);
            void status.refetch();
          }}
        />
      ) : null}
    </Card>
  );
}
