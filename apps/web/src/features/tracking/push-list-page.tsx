import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRACKING_PUSH_STATES } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { CrudPage } from '../crud/crud-page.tsx';
import { FilterSelect } from '../wallet/wallet-fields.tsx';
import { TRACKING_RESOURCE, type TrackingPushRow } from './api.ts';
import { TrackingStatusTag } from './sync-dialog.tsx';

function toParams(values: Record<string, unknown>): QueryParams {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return { state: text(values.state), order_no: text(values.order_no) };
}

/**
 * The push records (issue 21): per order, its tracking number and carrier as sent, whether the
 * marketplace's order is marked shipped, and the vendor's message when it is not.
 */
export function PushListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <CrudPage<TrackingPushRow>
      testId="tracking-push-page"
      resource={TRACKING_RESOURCE}
      hasQuickSearch={false}
      isDeletable={false}
      toFilterParams={toParams}
      filters={
        <>
          <Form.Item name="state" label={t('tracking.col.state')}>
            <FilterSelect
              options={TRACKING_PUSH_STATES.map((value) => ({ value, label: t(`tracking.status.${value}`) }))}
              testId="tracking-filter-state"
            />
          </Form.Item>
          <Form.Item name="order_no" label={t('orders.col.orderNo')}>
            <Input allowClear style={{ width: 220 }} data-testid="tracking-filter-order" />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'order_no', title: t('orders.col.orderNo') },
        { key: 'third_party_order_no', title: t('orders.col.thirdParty') },
        {
          key: 'shop_name',
          title: t('tracking.col.shop'),
          render: (row) => `${t(`orders.platform.${row.platform}`)} ${row.shop_name}`.trim(),
        },
        { key: 'tracking_no', title: t('tracking.col.trackingNo') },
        {
          key: 'carrier',
          title: t('tracking.col.carrier'),
          render: (row) => (row.provider_id ? `${row.carrier} → ${row.provider_id}` : row.carrier || '—'),
        },
        {
          key: 'state',
          title: t('tracking.col.state'),
          render: (row) => (
            <TrackingStatusTag status={row.market_state === 'shipped' ? 'shipped' : row.state} />
          ),
        },
        {
          key: 'error',
          title: t('tracking.col.message'),
          render: (row) =>
            row.error ? (
              <Typography.Text
                type={row.state === 'failed' ? 'danger' : 'warning'}
                data-testid="tracking-error"
              >
                {row.error}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        {
          key: 'trigger',
          title: t('tracking.col.trigger'),
          render: (row) => t(`tracking.trigger.${row.trigger}`),
        },
        { key: 'attempts', title: t('tracking.col.attempts'), isHiddenByDefault: true },
        {
          key: 'pushed_at',
          title: t('tracking.col.pushedAt'),
          render: (row) => (row.pushed_at ? formatDateTime(row.pushed_at, language) : '—'),
        },
        {
          key: 'created_at',
          title: t('tracking.col.createdAt'),
          render: (row) => formatDateTime(row.created_at, language),
        },
      ]}
    />
  );
}
