import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  List,
  Row,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DashboardOverview } from '@pod/shared';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { Amount, OrderCountdown, orderDetailHref } from '../orders/order-fields.tsx';
import { rechargeHref, useMenuLink } from '../wallet/wallet-fields.tsx';
import { useDashboardOverview } from './api.ts';

/** A figure that leads to the page where it is acted on, when the user holds that page. */
function Figure(props: {
  testId: string;
  title: string;
  value: number;
  href?: string | null;
  suffix?: ReactNode;
}) {
  const body = <Statistic title={props.title} value={props.value} suffix={props.suffix} />;
  return (
    <Col xs={12} md={6} data-testid={props.testId} data-value={props.value}>
      {props.href ? <Link to={props.href}>{body}</Link> : body}
    </Col>
  );
}

/** Orders per day as bars (no chart library: a row of proportional blocks with their counts). */
function OrdersPerDay({ days }: { days: NonNullable<DashboardOverview['orders_per_day']> }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <Card size="small" title={t('admin.home.ordersPerDay')} data-testid="dashboard-orders-per-day">
      <Flex gap={6} align="flex-end" style={{ height: 140 }}>
        {days.map((d) => (
          <Tooltip key={d.day} title={`${d.day}: ${d.count}`}>
            <Flex vertical align="center" justify="flex-end" style={{ flex: 1, height: '100%' }}>
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {d.count}
              </Typography.Text>
              <div
                data-testid="dashboard-day"
                data-day={d.day}
                data-count={d.count}
                style={{
                  width: '100%',
                  height: `${Math.round((d.count / max) * 100)}px`,
                  minHeight: 2,
                  background: '#1677ff',
                  borderRadius: 2,
                }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 10 }}>
                {d.day.slice(5)}
              </Typography.Text>
            </Flex>
          </Tooltip>
        ))}
      </Flex>
    </Card>
  );
}

/** The merchant's home: money, orders to act on, cart, designs needing attention, shortcuts. */
function MerchantHome({ data, onExpired }: { data: DashboardOverview; onExpired: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const recharge = useMenuLink('wallet/recharge');
  const orderList = useMenuLink('order/list');
  const cart = useMenuLink('publish/shopCart');
  const finished = useMenuLink('publish/finished/my');
  const catalogue = useMenuLink('product/list');
  const afterSales = useMenuLink('order/afterSales');
  const orders = data.orders;
  const shortcuts = [
    ['design', catalogue],
    ['finished', finished],
    ['cart', cart],
    ['orders', orderList],
    ['recharge', recharge],
  ] as const;
  return (
    <>
      {data.balances ? (
        <Card size="small" title={t('admin.home.balances')} data-testid="dashboard-balances">
          <Row gutter={[16, 16]}>
            {data.balances.map((b) => (
              <Col key={b.currency} xs={24} md={12} data-testid={`dashboard-balance-${b.currency}`}>
                <Flex align="center" gap={16} wrap>
                  <Statistic
                    title={t('admin.home.balanceIn', { currency: b.currency })}
                    valueRender={() => <Amount minor={b.balance} currency={b.currency} strong />}
                  />
                  {b.held ? (
                    <Typography.Text type="secondary">
                      {t('admin.home.held')} <Amount minor={b.held} currency={b.currency} />
                    </Typography.Text>
                  ) : null}
                  {recharge ? (
                    <Button
                      type="primary"
                      data-testid={`dashboard-recharge-${b.currency}`}
                      onClick={() =>
                        void navigate(rechargeHref('alipay', b.currency === 'USD' ? 'USD' : 'CNY'))
                      }
                    >
                      {t('admin.home.recharge')}
                    </Button>
                  ) : null}
                </Flex>
              </Col>
            ))}
          </Row>
        </Card>
      ) : null}
      {orders ? (
        <Card size="small" title={t('admin.home.orders')} data-testid="dashboard-orders">
          <Row gutter={[16, 16]}>
            <Figure
              testId="dashboard-orders-unpaid"
              title={t('orders.status.unpaid')}
              value={orders.unpaid}
              href={orderList?.href}
            />
            <Figure
              testId="dashboard-orders-production"
              title={t('admin.home.inProduction')}
              value={orders.paid + orders.in_production}
              href={orderList?.href}
            />
            <Figure
              testId="dashboard-orders-shipped"
              title={t('orders.status.shipped')}
              value={orders.shipped}
              href={orderList?.href}
            />
            {data.aftersales_open !== null ? (
              <Figure
                testId="dashboard-aftersales"
                title={t('admin.home.aftersalesOpen')}
                value={data.aftersales_open}
                href={afterSales?.href}
              />
            ) : null}
          </Row>
          {data.unpaid?.length ? (
            <List
              size="small"
              style={{ marginTop: 16 }}
              header={<Typography.Text strong>{t('admin.home.payBefore')}</Typography.Text>}
              data-testid="dashboard-unpaid"
              dataSource={data.unpaid}
              renderItem={(o) => (
                <List.Item key={o.order_no} data-order-no={o.order_no}>
                  <Space wrap>
                    <Link to={orderDetailHref(o.order_no)}>{o.order_no}</Link>
                    <Amount minor={o.total_amount} currency={o.currency} />
                  </Space>
                  <OrderCountdown expiresAt={o.expires_at} onExpired={onExpired} />
                </List.Item>
              )}
            />
          ) : null}
        </Card>
      ) : null}
      <Flex gap={16} wrap>
        <Card
          size="small"
          title={t('admin.home.recentFinished')}
          style={{ flex: '1 1 380px' }}
          data-testid="dashboard-recent-finished"
          extra={finished ? <Link to={finished.href}>{t('admin.home.all')}</Link> : null}
        >
          <List
            size="small"
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.home.noFinished')} />
              ),
            }}
            dataSource={data.recent_finished ?? []}
            renderItem={(f) => (
              <List.Item key={f.id} data-finished-id={f.id}>
                <Space>
                  <Typography.Text>{f.name}</Typography.Text>
                  <Typography.Text type="secondary">{f.code}</Typography.Text>
                </Space>
                <Typography.Text type="secondary">{formatDateTime(f.created_at, language)}</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
        <Card
          size="small"
          title={t('admin.home.attention')}
          style={{ flex: '1 1 380px' }}
          data-testid="dashboard-attention"
        >
          <List
            size="small"
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.home.allWell')} />,
            }}
            dataSource={data.attention ?? []}
            renderItem={(f) => (
              <List.Item key={f.id} data-finished-id={f.id}>
                <Space>
                  <Typography.Text>{f.name}</Typography.Text>
                  <Typography.Text type="secondary">{f.code}</Typography.Text>
                </Space>
                <Tag color={f.reason === 'low_stock' ? 'orange' : 'red'}>
                  {t(`admin.home.reason.${f.reason}`)}
                </Tag>
              </List.Item>
            )}
          />
        </Card>
      </Flex>
      <Card size="small" title={t('admin.home.shortcuts')} data-testid="dashboard-shortcuts">
        <Space wrap>
          {data.cart_lines !== null && cart ? (
            <Button data-testid="dashboard-cart" onClick={() => void navigate(cart.href)}>
              {t('admin.home.cartLines', { count: data.cart_lines })}
            </Button>
          ) : null}
          {shortcuts.map(([key, link]) =>
            link ? (
              <Button
                key={key}
                data-testid={`dashboard-shortcut-${key}`}
                onClick={() => void navigate(link.href)}
              >
                {t(`admin.home.shortcut.${key}`)}
              </Button>
            ) : null,
          )}
        </Space>
      </Card>
    </>
  );
}

/** The supplier's and platform's overview, or a factory's queue. */
function SupervisorHome({ data }: { data: DashboardOverview }) {
  const { t } = useTranslation();
  const merchants = useMenuLink('tenancy/merchant');
  const suppliers = useMenuLink('tenancy/supplier');
  const transfers = useMenuLink('finance/transferReview');
  const withdrawals = useMenuLink('finance/withdrawalReview');
  const afterSales = useMenuLink('finance/afterSalesReview');
  const production = useMenuLink('production');
  const orders = data.orders;
  return (
    <>
      <Card size="small" title={t('admin.home.overview')} data-testid="dashboard-overview">
        <Row gutter={[16, 16]}>
          {data.suppliers !== null ? (
            <Figure
              testId="dashboard-suppliers"
              title={t('admin.home.suppliers')}
              value={data.suppliers}
              href={suppliers?.href}
            />
          ) : null}
          {data.merchants ? (
            <Figure
              testId="dashboard-merchants"
              title={t('admin.home.merchants')}
              value={data.merchants.total}
              href={merchants?.href}
              suffix={
                data.merchants.last_week ? (
                  <Typography.Text type="success" style={{ fontSize: 12 }}>
                    {t('admin.home.newThisWeek', { count: data.merchants.last_week })}
                  </Typography.Text>
                ) : null
              }
            />
          ) : null}
          {data.pending_review ? (
            <>
              <Figure
                testId="dashboard-review-recharges"
                title={t('admin.home.rechargesToReview')}
                value={data.pending_review.recharges}
                href={transfers?.href}
              />
              <Figure
                testId="dashboard-review-withdrawals"
                title={t('admin.home.withdrawalsToReview')}
                value={data.pending_review.withdrawals}
                href={withdrawals?.href}
              />
            </>
          ) : null}
          {data.aftersales_open !== null ? (
            <Figure
              testId="dashboard-aftersales"
              title={t('admin.home.aftersalesToReview')}
              value={data.aftersales_open}
              href={afterSales?.href}
            />
          ) : null}
          {orders ? (
            <>
              <Figure
                testId="dashboard-orders-paid"
                title={t('admin.home.toProduce')}
                value={orders.paid}
                href={production?.href}
              />
              <Figure
                testId="dashboard-orders-production"
                title={t('orders.status.in_production')}
                value={orders.in_production}
                href={production?.href}
              />
              <Figure
                testId="dashboard-orders-shipped"
                title={t('orders.status.shipped')}
                value={orders.shipped}
              />
            </>
          ) : null}
        </Row>
      </Card>
      {data.orders_per_day ? <OrdersPerDay days={data.orders_per_day} /> : null}
    </>
  );
}

/** The tier's home figures (issue 26): what the signed-in organisation acts on today. */
export function HomeFigures() {
  const overview = useDashboardOverview();
  if (overview.isPending) return <Card loading />;
  if (overview.isError) return <Alert type="error" showIcon title={overview.error.msg} />;
  const data = overview.data;
  return (
    <Flex vertical gap={16} data-testid="dashboard-home" data-tier={data.tier}>
      {data.tier === 'merchant' ? (
        <MerchantHome data={data} onExpired={() => void overview.refetch()} />
      ) : (
        <SupervisorHome data={data} />
      )}
    </Flex>
  );
}
