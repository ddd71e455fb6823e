import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS, ORDER_STATUSES, type Order } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { crudKeys } from '../crud/api.ts';
import { CrudPage } from '../crud/crud-page.tsx';
import { useCountries } from '../logistics/factory-page.tsx';
import { rangeParams, type PickedRange } from '../wallet/money-format.ts';
import { DateRangeItem, FilterSelect } from '../wallet/wallet-fields.tsx';
import { ORDER_RESOURCE, useCancelOrder } from './api.ts';
import { Amount, OrderCountdown, OrderStatusTag, orderDetailHref, useOrderLinks } from './order-fields.tsx';
import { PayOrdersDialog } from './pay-orders-dialog.tsx';

/** The list's filters as query parameters (spec §5: up to 50 order numbers, a range of a year at most). */
function toParams(values: Record<string, unknown>): QueryParams {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    status: text(values.status),
    order_nos: text(values.order_nos),
    country: text(values.country),
    ...rangeParams(values.range as PickedRange),
  };
}

/**
 * The merchant's orders (spec §2 /admin/order/list; full order management is a later issue):
 * status, number, country and date filters; unpaid orders count down to their timeout and can be
 * paid or cancelled, each after a confirmation.
 */
export function OrderListPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const links = useOrderLinks();
  const countries = useCountries(i18n.language);
  const cancel = useCancelOrder();
  const [paying, setPaying] = useState<string[] | null>(null);
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: crudKeys.resource('order') });

  return (
    <>
      <CrudPage<Order>
        testId="order-list-page"
        resource={ORDER_RESOURCE}
        exportPage="order/list"
        hasQuickSearch={false}
        isDeletable={false}
        toFilterParams={toParams}
        filters={
          <>
            <Form.Item name="status" label={t('orders.col.status')}>
              <FilterSelect
                options={ORDER_STATUSES.map((value) => ({ value, label: t(`orders.status.${value}`) }))}
                testId="order-filter-status"
              />
            </Form.Item>
            <Form.Item name="order_nos" label={t('orders.col.orderNo')}>
              <Input
                allowClear
                style={{ width: 260 }}
                placeholder={t('orders.filter.orderNosHint', { max: LIMITS.orderQuery.large })}
                data-testid="order-filter-nos"
              />
            </Form.Item>
            <Form.Item name="country" label={t('orders.col.country')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('crud.all')}
                style={{ width: 180 }}
                options={countries.data ?? []}
              />
            </Form.Item>
            <DateRangeItem />
          </>
        }
        columns={[
          {
            key: 'order_no',
            title: t('orders.col.orderNo'),
            render: (row) => (
              <Flex vertical>
                <Link to={orderDetailHref(row.order_no)} data-testid="order-no">
                  {row.order_no}
                </Link>
                {row.third_party_order_no ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('orders.col.thirdParty')}: {row.third_party_order_no}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'status',
            title: t('orders.col.status'),
            render: (row) => (
              <Flex vertical gap={2} align="start">
                <OrderStatusTag status={row.status} />
                {row.status === 'unpaid' ? (
                  <OrderCountdown expiresAt={row.expires_at} onExpired={refreshList} />
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'consignee',
            title: t('orders.col.consignee'),
            render: (row) => (
              <Flex vertical>
                <span>{row.consignee}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {countryName(row.country_code)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'platform',
            title: t('orders.col.platform'),
            isHiddenByDefault: true,
            render: (row) =>
              row.platform ? `${t(`orders.platform.${row.platform}`)} ${row.shop_name}`.trim() : '—',
          },
          { key: 'total_quantity', title: t('orders.col.quantity') },
          {
            key: 'product_amount',
            title: t('orders.col.productAmount'),
            render: (row) => <Amount minor={row.product_amount} currency={row.currency} />,
          },
          {
            key: 'shipping_amount',
            title: t('orders.col.shippingAmount'),
            render: (row) => <Amount minor={row.shipping_amount} currency={row.currency} />,
          },
          {
            key: 'total_amount',
            title: t('orders.col.totalAmount'),
            render: (row) => (
              <Amount minor={row.total_amount} currency={row.currency} strong testId="order-total" />
            ),
          },
          {
            key: 'shipping',
            title: t('orders.col.logistics'),
            isHiddenByDefault: true,
            render: (row) => `${row.shipping.carrier} · ${row.shipping.name}`,
          },
          {
            key: 'created_at',
            title: t('orders.col.createdAt'),
            render: (row) => formatDateTime(row.created_at, language),
          },
          {
            key: 'paid_at',
            title: t('orders.col.paidAt'),
            render: (row) => (row.paid_at ? formatDateTime(row.paid_at, language) : '—'),
          },
        ]}
        rowActions={(row) => (
          <>
            <Link to={orderDetailHref(row.order_no)} data-testid="order-detail-link">
              {t('orders.action.detail')}
            </Link>
            {row.status === 'unpaid' && links.canPay ? (
              <Button
                size="small"
                type="link"
                data-testid="order-pay"
                onClick={() => setPaying([row.order_no])}
              >
                {t('orders.action.pay')}
              </Button>
            ) : null}
            {row.status === 'unpaid' && links.canCancel ? (
              <Popconfirm
                title={t('orders.action.cancelConfirm', { orderNo: row.order_no })}
                okText={t('orders.action.cancel')}
                okButtonProps={{ danger: true }}
                cancelText={t('app.cancel')}
                onConfirm={() => cancel.mutate(row.order_no)}
              >
                <Button size="small" type="link" danger data-testid="order-cancel">
                  {t('orders.action.cancel')}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        )}
      />
      {paying ? <PayOrdersDialog orderNos={paying} onClose={() => setPaying(null)} /> : null}
    </>
  );
}
