import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Popconfirm, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LIMITS,
  ORDER_PLATFORMS,
  ORDER_SOURCES,
  orderActionAllowed,
  PERMISSIONS,
  type Order,
} from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { crudKeys } from '../crud/api.ts';
import { CrudPage } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { SyncStatusDialog } from '../tracking/sync-dialog.tsx';
import { useCountries } from '../logistics/factory-page.tsx';
import { rangeParams, type PickedRange } from '../wallet/money-format.ts';
import { DateRangeItem, FilterSelect } from '../wallet/wallet-fields.tsx';
import { ORDER_RESOURCE, useCancelOrder } from './api.ts';
import {
  ExtraOrderFilters,
  extraOrderParams,
  OrderStatusTabs,
  useExtraOrderColumns,
} from './order-list-extras.tsx';
import { afterSalesCancelHref, afterSalesRequestHref } from './order-actions.tsx';
import { Amount, OrderCountdown, OrderStatusTag, orderDetailHref, useOrderLinks } from './order-fields.tsx';
import { PayOrdersDialog } from './pay-orders-dialog.tsx';
import { BatchCancelButton } from './batch-cancel-dialog.tsx';

/** The list's filters as query parameters (spec §5: up to 50 order numbers, a range of a year at most). */
function toParams(values: Record<string, unknown>): QueryParams {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 100) : undefined);
  return {
    order_nos: text(values.order_nos),
    tracking_nos: text(values.tracking_nos),
    third_party_nos: text(values.third_party_nos),
    platform: text(values.platform),
    source: text(values.source),
    linked: text(values.linked),
    country: text(values.country),
    amount_min: num(values.amount_min),
    amount_max: num(values.amount_max),
    timeout_soon: values.timeout_soon ? 'true' : undefined,
    ...rangeParams(values.range as PickedRange),
    ...extraOrderParams(values),
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
  const [syncing, setSyncing] = useState<string[] | null>(null);
  const canSync = usePageButtons().has(PERMISSIONS.tracking.sync);
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: crudKeys.resource('order') });
  // The status tabs follow the filters the list applied; the tab is the list's status.
  const [applied, setApplied] = useState<QueryParams>({});
  const [status, setStatus] = useState<string | undefined>();
  const extraColumns = useExtraOrderColumns();
  const box = (name: string, label: string, testId: string) => (
    <Form.Item name={name} label={label}>
      <Input.TextArea
        allowClear
        autoSize={{ minRows: 1, maxRows: 4 }}
        style={{ width: 260 }}
        placeholder={t('orders.centre.boxHint', { max: LIMITS.orderQuery.large })}
        data-testid={testId}
      />
    </Form.Item>
  );

  return (
    <>
      <CrudPage<Order>
        testId="order-list-page"
        resource={ORDER_RESOURCE}
        exportPage="order/list"
        hasQuickSearch={false}
        isDeletable={false}
        toFilterParams={toParams}
        extraParams={{ status }}
        onFiltersChange={setApplied}
        aboveTable={
          <Flex justify="space-between" align="center" gap={8} wrap>
            <OrderStatusTabs filters={applied} status={status} onChange={setStatus} />
            {links.canCancel ? <BatchCancelButton /> : null}
          </Flex>
        }
        batchActions={
          canSync
            ? (ids, clear) => (
                <Button
                  disabled={!ids.length}
                  data-testid="order-sync-status"
                  onClick={() => {
                    setSyncing(ids.slice(0, LIMITS.trackingSyncBatch));
                    clear();
                  }}
                >
                  {t('tracking.sync.button', { count: ids.length })}
                </Button>
              )
            : undefined
        }
        filters={
          <>
            {box('order_nos', t('orders.col.orderNo'), 'order-filter-nos')}
            {box('third_party_nos', t('orders.centre.thirdPartyNos'), 'order-filter-third-party')}
            {box('tracking_nos', t('orders.centre.trackingNos'), 'order-filter-tracking')}
            <Form.Item name="platform" label={t('orders.col.platform')}>
              <FilterSelect
                options={ORDER_PLATFORMS.map((value) => ({ value, label: t(`orders.platform.${value}`) }))}
                testId="order-filter-platform"
              />
            </Form.Item>
            <Form.Item name="source" label={t('orders.centre.source')}>
              <FilterSelect
                options={ORDER_SOURCES.map((value) => ({ value, label: t(`orders.source.${value}`) }))}
                testId="order-filter-source"
              />
            </Form.Item>
            <Form.Item name="linked" label={t('orders.centre.linked')}>
              <FilterSelect
                options={[
                  { value: 'linked', label: t('orders.centre.linked') },
                  { value: 'unlinked', label: t('orders.centre.unlinkedFilter') },
                ]}
                testId="order-filter-linked"
              />
            </Form.Item>
            <Form.Item label={t('orders.centre.amountRange')}>
              <Flex gap={4}>
                <Form.Item name="amount_min" noStyle>
                  <InputNumber min={0} precision={2} style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name="amount_max" noStyle>
                  <InputNumber min={0} precision={2} style={{ width: 100 }} />
                </Form.Item>
              </Flex>
            </Form.Item>
            <Form.Item name="timeout_soon" valuePropName="checked">
              <Checkbox>{t('orders.centre.timeoutSoon')}</Checkbox>
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
            <ExtraOrderFilters />
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
            key: 'sales_total_amount',
            title: t('orders.centre.salesTotal'),
            isHiddenByDefault: true,
            render: (row) =>
              row.sales_total_amount !== null && row.sales_currency ? (
                <Amount minor={row.sales_total_amount} currency={row.sales_currency} />
              ) : (
                '—'
              ),
          },
          {
            key: 'actual_payment',
            title: t('orders.centre.actualPayment'),
            isHiddenByDefault: true,
            render: (row) => <Amount minor={row.actual_payment} currency={row.currency} />,
          },
          {
            key: 'profit_rate',
            title: t('orders.centre.profitRate'),
            isHiddenByDefault: true,
            render: (row) => (row.profit_rate === null ? '—' : `${(row.profit_rate * 100).toFixed(2)}%`),
          },
          {
            key: 'latest_delivery_at',
            title: t('orders.centre.latestDelivery'),
            isHiddenByDefault: true,
            isOrderable: true,
            render: (row) =>
              row.latest_delivery_at ? formatDateTime(row.latest_delivery_at, language) : '—',
          },
          {
            key: 'linked',
            title: t('orders.centre.linked'),
            isHiddenByDefault: true,
            render: (row) => (row.linked ? t('orders.centre.linked') : t('orders.centre.unlinkedFilter')),
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
            isOrderable: true,
            render: (row) => formatDateTime(row.created_at, language),
          },
          {
            key: 'paid_at',
            title: t('orders.col.paidAt'),
            isOrderable: true,
            render: (row) => (row.paid_at ? formatDateTime(row.paid_at, language) : '—'),
          },
          ...extraColumns,
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
            {orderActionAllowed('cancel_request', row.status) && links.canEditOrder ? (
              <Link to={afterSalesCancelHref(row.id)} data-testid="order-cancel-request">
                {t('orders.action.cancel')}
              </Link>
            ) : null}
            {orderActionAllowed('aftersales_request', row.status) && links.canEditOrder ? (
              <Link to={afterSalesRequestHref(row.id)} data-testid="order-aftersales-request">
                {t('orders.action.afterSales')}
              </Link>
            ) : null}
          </>
        )}
      />
      {paying ? <PayOrdersDialog orderNos={paying} onClose={() => setPaying(null)} /> : null}
      {syncing ? (
        <SyncStatusDialog
          orderIds={syncing}
          onClose={() => {
            setSyncing(null);
            refreshList();
          }}
        />
      ) : null}
    </>
  );
}
