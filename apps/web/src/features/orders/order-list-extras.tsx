import { DatePicker, Form, Input, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  maxLengthOf,
  ORDER_STATUSES,
  orderFilterShape,
  shopOperations,
  type Order,
} from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCrudSelect } from '../crud/api.ts';
import type { CrudColumn } from '../crud/crud-page.tsx';
import { isRangeAllowed, rangeParams, type PickedRange } from '../wallet/money-format.ts';
import { useOrderStatusCounts } from './api.ts';
import { Amount } from './order-fields.tsx';

/*
 * The order list's filters, columns and status tabs beyond the first ones (issue 19 audit): every
 * field of spec §3 Order can be shown, the list filters by every number box, shop, ordering account
 * and the paid/shipped/updated ranges, and the tabs count the orders of each status under the
 * current filters (`GET /order/statusCounts` takes the same filters minus the status).
 */

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function prefixed(range: PickedRange, prefix: string): QueryParams {
  const { from, to } = rangeParams(range);
  return { [`${prefix}_from`]: from, [`${prefix}_to`]: to };
}

/** The extra filters' query parameters from the filter form's values. */
export function extraOrderParams(values: Record<string, unknown>): QueryParams {
  return {
    sub_order_nos: text(values.sub_order_nos),
    pay_nos: text(values.pay_nos),
    shop_id: text(values.shop_id),
    ordered_by: text(values.ordered_by),
    ...prefixed(values.paid_range as PickedRange, 'paid'),
    ...prefixed(values.shipped_range as PickedRange, 'shipped'),
    ...prefixed(values.updated_range as PickedRange, 'updated'),
  };
}

function RangeItem({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        {
          validator: (_rule, value: PickedRange) =>
            isRangeAllowed(value) ? Promise.resolve() : Promise.reject(new Error(t('wallet.rangeTooLong'))),
        },
      ]}
    >
      <DatePicker.RangePicker allowEmpty={[true, true]} data-testid={testId} />
    </Form.Item>
  );
}

/** The filter form's extra items (inside the list's filter form). */
export function ExtraOrderFilters() {
  const { t } = useTranslation();
  const shops = useCrudSelect(shopOperations.shop);
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
      {box('sub_order_nos', t('orderCentre.filter.subOrderNos'), 'order-filter-sub-order')}
      {box('pay_nos', t('orderCentre.filter.payNos'), 'order-filter-pay')}
      <Form.Item name="shop_id" label={t('orderCentre.col.shop')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('crud.all')}
          style={{ width: 180 }}
          options={shops.data ?? []}
          data-testid="order-filter-shop"
        />
      </Form.Item>
      <Form.Item name="ordered_by" label={t('orderCentre.col.orderedBy')}>
        <Input
          allowClear
          maxLength={maxLengthOf(orderFilterShape.ordered_by)}
          style={{ width: 160 }}
          data-testid="order-filter-ordered-by"
        />
      </Form.Item>
      <RangeItem name="paid_range" label={t('orderCentre.filter.paidRange')} testId="order-filter-paid" />
      <RangeItem
        name="shipped_range"
        label={t('orderCentre.filter.shippedRange')}
        testId="order-filter-shipped"
      />
      <RangeItem
        name="updated_range"
        label={t('orderCentre.filter.updatedRange')}
        testId="order-filter-updated"
      />
    </>
  );
}

/** The columns of spec §3 Order the first list left out (hidden by default; column settings show them). */
export function useExtraOrderColumns(): CrudColumn<Order>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  const time = (iso: string | null) => (iso ? formatDateTime(iso, language) : '—');
  const dash = (v: string) => v || '—';
  const sales = (row: Order, minor: number | null) =>
    minor !== null && row.sales_currency ? <Amount minor={minor} currency={row.sales_currency} /> : '—';
  return [
    {
      key: 'sub_order_no',
      title: t('orderCentre.col.subOrderNo'),
      isHiddenByDefault: true,
      render: (r) => dash(r.sub_order_no),
    },
    {
      key: 'sales_amount',
      title: t('orderCentre.col.salesAmount'),
      isHiddenByDefault: true,
      render: (r) => sales(r, r.sales_amount),
    },
    {
      key: 'sales_shipping_amount',
      title: t('orderCentre.col.salesShipping'),
      isHiddenByDefault: true,
      render: (r) => sales(r, r.sales_shipping_amount),
    },
    {
      key: 'tracking_no',
      title: t('orderCentre.col.trackingNo'),
      isHiddenByDefault: true,
      render: (r) => dash(r.tracking_no),
    },
    {
      key: 'pay_no',
      title: t('orderCentre.col.payNo'),
      isHiddenByDefault: true,
      render: (r) => dash(r.pay_no),
    },
    {
      key: 'source',
      title: t('orders.centre.source'),
      isHiddenByDefault: true,
      render: (r) => t(`orders.source.${r.source}`),
    },
    {
      key: 'ordered_by',
      title: t('orderCentre.col.orderedBy'),
      isHiddenByDefault: true,
      render: (r) => dash(r.ordered_by),
    },
    {
      key: 'remark',
      title: t('orderCentre.col.remark'),
      isHiddenByDefault: true,
      render: (r) => dash(r.remark),
    },
    {
      key: 'shipped_at',
      title: t('orderCentre.col.shippedAt'),
      isHiddenByDefault: true,
      render: (r) => time(r.shipped_at),
    },
    {
      key: 'updated_at',
      title: t('orderCentre.col.updatedAt'),
      isHiddenByDefault: true,
      render: (r) => time(r.updated_at),
    },
  ];
}

/**
 * The status tabs: "all" and each status, each with the count of orders matching the list's
 * current filters (the status aside). The active tab is the list's status parameter.
 */
export function OrderStatusTabs({
  filters,
  status,
  onChange,
}: {
  filters: QueryParams;
  status: string | undefined;
  onChange: (status: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { status: _ignored, ...rest } = filters;
  const counts = useOrderStatusCounts(rest);
  const label = (name: string, n: number | undefined) => (n === undefined ? name : `${name} (${n})`);
  return (
    <Tabs
      activeKey={status ?? 'all'}
      onChange={(key) => onChange(key === 'all' ? undefined : key)}
      data-testid="order-status-tabs"
      items={[
        {
          key: 'all',
          label: (
            <span data-testid="order-tab-all">{label(t('orderCentre.tabs.all'), counts.data?.all)}</span>
          ),
        },
        ...ORDER_STATUSES.map((s) => ({
          key: s,
          label: (
            <span data-testid={`order-tab-${s}`} data-count={counts.data?.counts[s]}>
              {label(t(`orders.status.${s}`), counts.data?.counts[s])}
            </span>
          ),
        })),
      ]}
    />
  );
}
