import { useState } from 'react';
import { Alert, App, Button, Descriptions, Flex, Modal, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ORDER_PAY_METHODS, type OrderPayMethod } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { rechargeHref } from '../wallet/wallet-fields.tsx';
import { usePayOrders, usePayStatus, type OrderPayReply } from './api.ts';
import { isWalletCurrency, sumByCurrency } from './money.ts';
import { Amount, payResultHref, type PayResultState } from './order-fields.tsx';

/**
 * Paying unpaid orders (spec §4: Alipay or account balance), after a confirmation that shows what
 * is charged and the balance it comes from. Balance: paid at once, then `onPaid` (by default the
 * result page). Alipay (CNY orders only): the browser goes to Alipay's cashier and comes back to
 * the result page. A failure (e.g. "balance insufficient, recharge first") stays in the dialog.
 */
export function PayOrdersDialog({
  orderNos,
  onClose,
  onPaid,
}: {
  orderNos: readonly string[];
  onClose: () => void;
  onPaid?: (reply: OrderPayReply) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const status = usePayStatus(orderNos, false);
  const pay = usePayOrders();
  const [method, setMethod] = useState<OrderPayMethod>('balance');
  const [failure, setFailure] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const unpaid = (status.data?.orders ?? []).filter((o) => o.status === 'unpaid');
  const amounts = sumByCurrency(unpaid.map((o) => ({ currency: o.currency, amount: o.total_amount })));
  const balanceOf = (currency: string) =>
    status.data?.balances.find((b) => b.currency === currency)?.balance ?? 0;
  const short = amounts.filter((a) => balanceOf(a.currency) < a.amount);
  const isAlipayPossible = amounts.length > 0 && amounts.every((a) => a.currency === 'CNY');
  const chosen = method === 'alipay' && !isAlipayPossible ? 'balance' : method;

  const onOk = async () => {
    setFailure(null);
    try {
      const reply = await pay.mutateAsync({ order_nos: unpaid.map((o) => o.order_no), method: chosen });
      if (reply.pay_url) {
        setIsLeaving(true);
        void message.loading(t('orders.pay.redirecting'));
        window.location.assign(reply.pay_url);
        return;
      }
      void message.success(t('orders.pay.success'));
      if (onPaid) onPaid(reply);
      else {
        const state: PayResultState = { paymentError: null };
        await navigate(payResultHref([...reply.paid, ...reply.already_paid]), { state });
      }
      onClose();
    } catch (error) {
      const failed = error as ApiError;
      if (failed.reason !== 'aborted') setFailure(failed.msg);
    }
  };

  const recharge = (
    <Button
      size="small"
      type="link"
      data-testid="pay-recharge"
      onClick={() => {
        const currency = short[0]?.currency ?? 'CNY';
        void navigate(rechargeHref('transfer', isWalletCurrency(currency) ? currency : undefined));
      }}
    >
      {t('orders.pay.recharge')}
    </Button>
  );

  return (
    <Modal
      open
      title={t('orders.pay.title')}
      onCancel={onClose}
      okText={chosen === 'alipay' ? t('orders.pay.toAlipay') : t('orders.pay.confirm')}
      cancelText={t('app.cancel')}
      confirmLoading={pay.isPending || isLeaving}
      okButtonProps={{
        disabled: unpaid.length === 0 || (chosen === 'balance' && short.length > 0),
        'data-testid': 'pay-confirm',
      }}
      onOk={() => void onOk()}
      destroyOnHidden
    >
      {status.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : status.isError ? (
        <Alert type="error" showIcon title={status.error.msg} />
      ) : unpaid.length === 0 ? (
        <Alert type="info" showIcon title={t('orders.pay.nothing')} data-testid="pay-nothing" />
      ) : (
        <Flex vertical gap={16} data-testid="pay-dialog">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'orders',
                label: t('orders.pay.orders'),
                children: (
                  <Typography.Text style={{ wordBreak: 'break-all' }}>
                    {unpaid.map((o) => o.order_no).join(', ')}
                  </Typography.Text>
                ),
              },
              ...amounts.map((a) => ({
                key: `amount-${a.currency}`,
                label: t('orders.pay.amount'),
                children: <Amount minor={a.amount} currency={a.currency} strong type="danger" />,
              })),
              ...amounts.map((a) => ({
                key: `balance-${a.currency}`,
                label: t('orders.pay.balance'),
                children: <Amount minor={balanceOf(a.currency)} currency={a.currency} />,
              })),
            ]}
          />
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('orders.pay.method')}</Typography.Text>
            <Radio.Group
              value={chosen}
              onChange={(event) => setMethod(event.target.value as OrderPayMethod)}
              options={ORDER_PAY_METHODS.map((value) => ({
                value,
                label: t(`orders.payMethod.${value}`),
                disabled: value === 'alipay' && !isAlipayPossible,
              }))}
              data-testid="pay-method"
            />
            {isAlipayPossible ? null : (
              <Typography.Text type="secondary">{t('orders.pay.alipayCnyOnly')}</Typography.Text>
            )}
          </Flex>
          {chosen === 'balance' && short.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('orders.pay.insufficient')}
              action={recharge}
              data-testid="pay-insufficient"
            />
          ) : null}
          {failure ? (
            <Alert type="error" showIcon title={failure} action={recharge} data-testid="pay-failure" />
          ) : null}
        </Flex>
      )}
    </Modal>
  );
}
