import { Card, Empty, Flex, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderCentreDetail } from '@pod/shared';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { Amount } from './order-fields.tsx';

type Ledger = OrderCentreDetail['ledger'][number];

/** What changed, as "field: from → to" (the timeline's detail, decision 0039). */
function changes(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => {
      const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
      if (value && typeof value === 'object' && 'from' in value && 'to' in value)
        return `${key}: ${text(value.from)} → ${text(value.to)}`;
      return `${key}: ${text(value)}`;
    })
    .join('; ');
}

/** The order's ledger entries (payments, differences, refunds) and its timeline (who, when, what). */
export function OrderHistory({ order }: { order: OrderCentreDetail }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const actionName = (action: string): string =>
    i18n.exists(`orders.event.${action}`)
      ? String(i18n.t(`orders.event.${action}` as 'orders.event.pay'))
      : action;
  return (
    <Flex gap={16} wrap>
      <Card size="small" title={t('orders.centre.ledger')} style={{ flex: '1 1 420px' }}>
        <Table<Ledger>
          rowKey="trade_no"
          size="small"
          pagination={false}
          dataSource={order.ledger}
          data-testid="order-ledger"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          columns={[
            { key: 'no', title: t('orders.detail.payNo'), dataIndex: 'trade_no' },
            {
              key: 'type',
              title: t('orders.centre.ledgerType'),
              render: (_: unknown, e) => actionName(e.type),
            },
            {
              key: 'amount',
              title: t('orders.col.totalAmount'),
              render: (_: unknown, e) => <Amount minor={e.amount} currency={e.currency} />,
            },
            {
              key: 'at',
              title: t('orders.col.createdAt'),
              render: (_: unknown, e) => formatDateTime(e.created_at, language),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('orders.centre.timeline')} style={{ flex: '1 1 420px' }}>
        <Timeline
          data-testid="order-timeline"
          items={order.events.map((e) => ({
            key: e.id,
            children: (
              <Flex vertical>
                <Typography.Text strong>
                  {actionName(e.action)} · {e.actor_name || '—'}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(e.created_at, language)}
                </Typography.Text>
                {Object.keys(e.detail).length ? (
                  <Typography.Text style={{ fontSize: 12 }}>{changes(e.detail)}</Typography.Text>
                ) : null}
              </Flex>
            ),
          }))}
        />
      </Card>
    </Flex>
  );
}
