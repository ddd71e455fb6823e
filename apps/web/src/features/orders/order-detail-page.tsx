import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Image,
  Popconfirm,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderDetail } from '@pod/shared';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCountries } from '../logistics/factory-page.tsx';
import { useCancelOrder, useOrder } from './api.ts';
import { OrderActionBar } from './order-actions.tsx';
import { OrderHistory } from './order-history.tsx';
import { LineLinkCell } from './link-line-dialog.tsx';
import { Amount, OrderCountdown, OrderStatusTag, useOrderLinks } from './order-fields.tsx';
import { PayOrdersDialog } from './pay-orders-dialog.tsx';
import { OrderStatusTimeline } from './status-timeline-card.tsx';
import { PersonalisationCard } from './personalisation-card.tsx';
import { useFieldLabel } from '../../forms/use-zod-field.ts';

type OrderLine = OrderDetail['lines'][number];

/**
 * One order (spec §2 /admin/order/detail?order_no=, §3 Order): numbers and status, the lines
 * (style code, finished product code, colour, size, quantity, unit price), the consignee address,
 * customs info, logistics and amounts; an unpaid order can be paid or cancelled from here.
 */
export function OrderDetailPage() {
  const { t, i18n } = useTranslation();
  const fieldLabel = useFieldLabel();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const orderNo = search.get('order_no');
  const order = useOrder(orderNo);
  const links = useOrderLinks();
  const cancel = useCancelOrder();
  const countries = useCountries(i18n.language);
  const [paying, setPaying] = useState<string[] | null>(null);
  const [splitInto, setSplitInto] = useState<string[] | null>(null);
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;
  const time = (iso: string | null) => (iso ? formatDateTime(iso, language) : '—');

  if (!orderNo) return <Empty description={t('orders.detail.missing')} />;
  if (order.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  if (order.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={order.error.msg}
        action={
          <Button size="small" onClick={() => void navigate(links.orderList)}>
            {t('orders.result.viewOrders')}
          </Button>
        }
      />
    );

  const row = order.data;
  const link = (line: OrderLine) => (
    <LineLinkCell
      orderNo={row.order_no}
      line={line}
      canLink={links.canEditOrder && row.actions.includes('link')}
    />
  );
  const money = (minor: number) => <Amount minor={minor} currency={row.currency} />;
  const address = row.address;
  const isUnpaid = row.status === 'unpaid';

  return (
    <Flex vertical gap={16} data-testid="order-detail-page" data-order-no={row.order_no}>
      <Card
        size="small"
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('orders.detail.back')}
              onClick={() => void navigate(links.orderList)}
            />
            {t('orders.detail.title', { orderNo: row.order_no })}
            <OrderStatusTag status={row.status} />
            {isUnpaid ? (
              <OrderCountdown expiresAt={row.expires_at} onExpired={() => void order.refetch()} />
            ) : null}
          </Space>
        }
        extra={
          isUnpaid ? (
            <Space>
              {links.canPay ? (
                <Button type="primary" data-testid="order-pay" onClick={() => setPaying([row.order_no])}>
                  {t('orders.action.pay')}
                </Button>
              ) : null}
              {links.canCancel ? (
                <Popconfirm
                  title={t('orders.action.cancelConfirm', { orderNo: row.order_no })}
                  okText={t('orders.action.cancel')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('app.cancel')}
                  onConfirm={() => cancel.mutate(row.order_no)}
                >
                  <Button danger data-testid="order-cancel">
                    {t('orders.action.cancel')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
          ) : null
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'no', label: t('orders.col.orderNo'), children: row.order_no },
            { key: 'pay_no', label: t('orders.detail.payNo'), children: row.pay_no || '—' },
            {
              key: 'pay_method',
              label: t('orders.detail.payMethod'),
              children: row.pay_method ? t(`orders.payMethod.${row.pay_method}`) : '—',
            },
            {
              key: 'third',
              label: t('orders.col.thirdParty'),
              children: row.third_party_order_no || '—',
            },
            {
              key: 'platform',
              label: t('orders.col.platform'),
              children: row.platform ? t(`orders.platform.${row.platform}`) : '—',
            },
            { key: 'shop', label: t('orders.detail.shop'), children: row.shop_name || '—' },
            { key: 'source', label: t('orders.detail.source'), children: t(`orders.source.${row.source}`) },
            { key: 'by', label: t('orders.detail.orderedBy'), children: row.ordered_by || '—' },
            { key: 'factory', label: t('orders.detail.factory'), children: row.factory?.name ?? '—' },
            { key: 'created', label: t('orders.col.createdAt'), children: time(row.created_at) },
            { key: 'paid', label: t('orders.col.paidAt'), children: time(row.paid_at) },
            ...(row.cancelled_at
              ? [
                  {
                    key: 'cancelled',
                    label: t('orders.detail.cancelledAt'),
                    children: time(row.cancelled_at),
                  },
                ]
              : []),
            { key: 'remark', label: t('orders.detail.remark'), children: row.remark || '—', span: 'filled' },
          ]}
        />
      </Card>

      <OrderStatusTimeline order={row} />

      <Card size="small">
        <OrderActionBar
          order={row}
          canEdit={links.canEditOrder}
          canAdd={links.canCopyOrder}
          onSplit={setSplitInto}
        />
      </Card>
      {splitInto ? (
        <Alert
          type="success"
          showIcon
          data-testid="order-split-result"
          title={t('orders.centre.splitDone', { orderNos: splitInto.join(', ') })}
          action={
            links.canPay ? (
              <Button
                type="primary"
                size="small"
                data-testid="order-pay-both"
                onClick={() => setPaying(splitInto)}
              >
                {t('orders.centre.payBoth')}
              </Button>
            ) : null
          }
          closable={{ onClose: () => setSplitInto(null) }}
        />
      ) : null}

      <Card size="small" title={t('orders.detail.lines')}>
        <Table<OrderLine>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={row.lines}
          scroll={{ x: 'max-content' }}
          data-testid="order-lines"
          columns={[
            {
              key: 'thumb',
              title: t('orders.detail.image'),
              width: 72,
              render: (_: unknown, line) =>
                line.thumb_url ? (
                  <Image src={line.thumb_url} width={56} height={56} style={{ objectFit: 'contain' }} />
                ) : (
                  '—'
                ),
            },
            {
              key: 'name',
              title: t('orders.detail.product'),
              render: (_: unknown, line) => (
                <Flex vertical>
                  <Typography.Text strong>{line.name || line.external_name}</Typography.Text>
                  {link(line)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('orders.detail.finishedCode')}: {line.finished_code}
                  </Typography.Text>
                </Flex>
              ),
            },
            { key: 'style', title: t('orders.detail.styleCode'), dataIndex: 'style_code' },
            { key: 'sku', title: t('orders.detail.sku'), dataIndex: 'sku_code' },
            { key: 'color', title: t('orders.detail.colour'), dataIndex: 'color_name' },
            { key: 'size', title: t('orders.detail.size'), dataIndex: 'size_name' },
            { key: 'qty', title: t('orders.col.quantity'), dataIndex: 'quantity' },
            {
              key: 'unit',
              title: t('orders.detail.unitPrice'),
              render: (_: unknown, line) => money(line.unit_price),
            },
            {
              key: 'subtotal',
              title: t('orders.detail.subtotal'),
              render: (_: unknown, line) => money(line.subtotal),
            },
          ]}
        />
        <Flex justify="end" style={{ marginTop: 12 }}>
          <Descriptions
            size="small"
            column={1}
            style={{ maxWidth: 360 }}
            items={[
              { key: 'qty', label: t('orders.col.quantity'), children: row.total_quantity },
              { key: 'weight', label: t('orders.detail.weight'), children: `${row.weight} g` },
              { key: 'product', label: t('orders.col.productAmount'), children: money(row.product_amount) },
              {
                key: 'shipping',
                label: t('orders.col.shippingAmount'),
                children: money(row.shipping_amount),
              },
              {
                key: 'total',
                label: t('orders.col.totalAmount'),
                children: <Amount minor={row.total_amount} currency={row.currency} strong type="danger" />,
              },
            ]}
          />
        </Flex>
      </Card>

      <PersonalisationCard orderNo={row.order_no} isUnpaid={isUnpaid} />

      <Flex gap={16} wrap>
        <Card size="small" title={t('orders.detail.address')} style={{ flex: '1 1 320px' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'name',
                label: fieldLabel('first_name'),
                children: [address.first_name, address.last_name].filter(Boolean).join(' '),
              },
              { key: 'phone', label: fieldLabel('mobile_phone'), children: address.mobile_phone },
              { key: 'country', label: fieldLabel('country'), children: countryName(address.country) },
              {
                key: 'region',
                label: t('orders.detail.region'),
                children: [address.province, address.city, address.area].filter(Boolean).join(' / '),
              },
              { key: 'street', label: fieldLabel('street'), children: address.street },
              { key: 'postcode', label: fieldLabel('postcode'), children: address.postcode || '—' },
            ]}
          />
        </Card>
        <Card size="small" title={t('orders.detail.logistics')} style={{ flex: '1 1 320px' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'carrier', label: t('orders.detail.carrier'), children: row.shipping.carrier },
              {
                key: 'method',
                label: t('orders.detail.method'),
                children: `${row.shipping.name} (${row.shipping.code})`,
              },
              {
                key: 'days',
                label: t('orders.detail.deliveryDays'),
                children: t('logistics.daysRange', {
                  min: row.shipping.delivery_days_min,
                  max: row.shipping.delivery_days_max,
                }),
              },
              { key: 'tracking', label: t('orders.detail.trackingNo'), children: row.tracking_no || '—' },
            ]}
          />
        </Card>
        <Card size="small" title={t('orders.detail.customs')} style={{ flex: '1 1 320px' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'cn', label: t('orders.detail.cnName'), children: row.customs.cn_name || '—' },
              { key: 'en', label: t('orders.detail.enName'), children: row.customs.en_name || '—' },
              {
                key: 'material',
                label: t('orders.detail.enMaterial'),
                children: row.customs.en_material || '—',
              },
              {
                key: 'price',
                label: t('orders.detail.declaredPrice'),
                children: <Amount minor={row.customs.declared_price_usd} currency="USD" />,
              },
              {
                key: 'weight',
                label: t('orders.detail.declaredWeight'),
                children: `${row.customs.declared_weight} g`,
              },
              {
                key: 'code',
                label: t('orders.detail.customsCode'),
                children: row.customs.customs_code || '—',
              },
            ]}
          />
        </Card>
      </Flex>
      <OrderHistory order={row} />
      {paying ? <PayOrdersDialog orderNos={paying} onClose={() => setPaying(null)} /> : null}
    </Flex>
  );
}
