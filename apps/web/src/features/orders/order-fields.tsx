import { useCallback, useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@pod/shared';
import { PERMISSIONS } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useMenuLink } from '../wallet/wallet-fields.tsx';
import { serverNow } from '../../api/server-clock.ts';
import { formatRemaining, remainingMs } from './countdown.ts';
import { formatAmount } from './money.ts';

/** Formats minor units of an order's currency in the interface language. */
export function useAmount() {
  return useCallback(
    (minor: number, currency: string) => formatAmount(minor, currency, currentLanguage()),
    [],
  );
}

/** An amount: the currency symbol and two decimals, in tabular figures. */
export function Amount({
  minor,
  currency,
  strong = false,
  type,
  testId,
}: {
  minor: number;
  currency: string;
  strong?: boolean;
  type?: 'danger' | 'secondary' | 'warning' | 'success';
  testId?: string;
}) {
  const amount = useAmount();
  return (
    <Typography.Text
      strong={strong}
      type={type}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid={testId}
    >
      {amount(minor, currency)}
    </Typography.Text>
  );
}

const STATUS_COLOURS: Record<OrderStatus, string> = {
  unpaid: 'gold',
  paid: 'blue',
  in_production: 'cyan',
  shipped: 'geekblue',
  completed: 'green',
  cancelled: 'default',
  timed_out: 'red',
};

/** An order status (decision 0024: unpaid, paid, in production, shipped, completed, cancelled, timed out). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="order-status" data-status={status}>
      {t(`orders.status.${status}`)}
    </Tag>
  );
}

/** The current time, ticking every second while mounted. */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * spec §4: an unpaid order counts down to its timeout, then reads "timed out" (the timeout job
 * marks it so on the server; `onExpired` lets the page fetch the new status).
 */
export function OrderCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired?: () => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = remainingMs(expiresAt, now);
  const isOver = left === 0;
  useEffect(() => {
    if (isOver) onExpired?.();
  }, [isOver, onExpired]);
  if (isOver)
    return (
      <Typography.Text type="danger" data-testid="order-countdown" data-expired="true">
        {t('orders.countdown.expired')}
      </Typography.Text>
    );
  return (
    <Typography.Text
      type="warning"
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid="order-countdown"
      data-expired="false"
    >
      <ClockCircleOutlined /> {t('orders.countdown.left', { time: formatRemaining(left) })}
    </Typography.Text>
  );
}

/** Where the merchant's pages of this feature live: its menus' addresses, else the defaults. */
export function useOrderLinks() {
  const orderList = useMenuLink('order/list');
  const cart = useMenuLink('publish/shopCart');
  const addresses = useMenuLink('order/address');
  const catalogue = useMenuLink('product/list');
  const finished = useMenuLink('publish/finished/my');
  return {
    orderList: orderList?.href ?? PATHS.adminOrderList,
    cart: cart?.href ?? PATHS.adminShopCart,
    /** "Continue buying": the product catalogue, else the finished products. */
    continueBuying: catalogue?.href ?? finished?.href ?? PATHS.adminDashboard,
    canPay: orderList?.buttons.has(PERMISSIONS.order.pay) ?? false,
    canCancel: orderList?.buttons.has(PERMISSIONS.order.cancel) ?? false,
    canEditOrder: orderList?.buttons.has(PERMISSIONS.order.edit) ?? false,
    canCopyOrder: orderList?.buttons.has(PERMISSIONS.order.add) ?? false,
    canSettle: cart?.buttons.has(PERMISSIONS.cart.settle) ?? false,
    canAddAddress: addresses?.buttons.has(PERMISSIONS.address.add) ?? false,
    canEditAddress: addresses?.buttons.has(PERMISSIONS.address.edit) ?? false,
    canDeleteAddress: addresses?.buttons.has(PERMISSIONS.address.del) ?? false,
  };
}

/** The order detail page of an order. */
export function orderDetailHref(orderNo: string): string {
  return `${PATHS.adminOrderDetail}?order_no=${encodeURIComponent(orderNo)}`;
}

/** The payment result of one order, or of several (spec §2 orderPayResult, payResult). */
export function payResultHref(orderNos: readonly string[]): string {
  return orderNos.length === 1
    ? `${PATHS.adminOrderPayResult}/${encodeURIComponent(orderNos[0] ?? '')}`
    : `${PATHS.adminPayResult}?order_nos=${encodeURIComponent(orderNos.join(','))}`;
}

/** What a result page is handed: why paying failed when it did (the orders stay unpaid). */
export interface PayResultState {
  paymentError?: string | null;
}
