import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ORDER_LIMITS, ORDER_PLATFORMS, type SettlementPreview } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useCountries } from '../logistics/factory-page.tsx';
import { isWalletCurrency } from '../orders/money.ts';
import {
  Amount,
  payResultHref,
  useAmount,
  useOrderLinks,
  type PayResultState,
} from '../orders/order-fields.tsx';
import { newRequestKey } from '../wallet/request-key.ts';
import { rechargeHref, useMenuLink } from '../wallet/wallet-fields.tsx';
import { AddressBook } from './address-book.tsx';
import { addressLine } from './address-rules.ts';
import { useAddresses, useSettlementPreview, useSubmitSettlement } from './api.ts';
import {
  balanceShortfall,
  changeOf,
  parseLineIds,
  submitOf,
  type SettlementExtras,
} from './settlement-input.ts';
import { useFieldLabel } from '../../forms/use-zod-field.ts';

type PreviewLine = SettlementPreview['lines'][number];
type PreviewOrder = SettlementPreview['orders'][number];

const EXTRA_FIELDS = ['remark', 'third_party_order_no', 'platform', 'shop_name'] as const;

/**
 * Settlement (spec §2 `/admin/settlement?lines=`, §3 Cart and settlement line, §5 "Checkout needs
 * a selected finished product, a consignee address and a logistics method"): the selected products
 * priced now (a price changed since adding is highlighted before paying), the consignee addresses
 * (one order each), the logistics method per address, the pay info with the balance, remark and the
 * marketplace order; then pay by balance or submit the order to pay later. A price or logistics
 * change between preview and submit is refused by the server, shown, and the preview refreshed.
 */
export function SettlementPage() {
  const { t, i18n } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const lineIds = useMemo(() => parseLineIds(search.get('lines')), [search]);
  // decision 0015: one key per visit, so a double click or a retry creates the orders once.
  const [requestKey] = useState(() => newRequestKey('checkout'));
  const [addressIds, setAddressIds] = useState<string[] | null>(null);
  const [methods, setMethods] = useState<Record<string, string>>({});
  const [change, setChange] = useState<{ message: string; lineIds: string[] } | null>(null);
  const [form] = Form.useForm<SettlementExtras>();
  const onFailure = useFormFailure(form, EXTRA_FIELDS);
  const links = useOrderLinks();
  const rechargeMenu = useMenuLink('wallet/recharge');
  const amount = useAmount();
  const addresses = useAddresses();
  const countries = useCountries(i18n.language);
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;
  const submit = useSubmitSettlement();

  // Until the user chooses, the default address (or the only one) is chosen.
  const initialIds = useMemo(() => {
    if (!addresses.data) return addresses.isError ? [] : null;
    const first =
      addresses.data.find((a) => a.is_default) ??
      (addresses.data.length === 1 ? addresses.data[0] : undefined);
    return first ? [first.id] : [];
  }, [addresses.data, addresses.isError]);
  const chosen = addressIds ?? initialIds;
  const chosenIds = chosen ?? [];
  const input = {
    cart_line_ids: lineIds,
    addresses: chosenIds.map((id) => ({ address_id: id, shipping_method_id: methods[id] ?? null })),
  };
  const preview = useSettlementPreview(input, lineIds.length > 0 && chosen !== null);
  const data = preview.data;
  const isStale = preview.isFetching || preview.isPlaceholderData;
  const shortfall = data ? balanceShortfall(data) : 0;
  const changedIds = new Set(change?.lineIds ?? []);

  const onSubmit = async (pay: 'balance' | 'later') => {
    if (!data || isStale) return;
    let extras: SettlementExtras;
    try {
      extras = await form.validateFields();
    } catch {
      void message.warning(t('crud.fixErrors'));
      return;
    }
    if (data.orders.length === 0) {
      void message.warning(t('checkout.needAddress'));
      return;
    }
    const body = submitOf(data, extras, pay, requestKey);
    if (!body) {
      void message.warning(t('checkout.needLogistics'));
      return;
    }
    try {
      const reply = await submit.mutateAsync(body);
      const state: PayResultState = { paymentError: reply.payment_error };
      await navigate(payResultHref(reply.orders.map((o) => o.order_no)), { state });
    } catch (error) {
      const failed = error as ApiError;
      const changed = changeOf(failed);
      if (changed) {
        // spec §8: "current logistics unavailable or changed, refresh and reorder"; a new price
        // is shown before anything is charged.
        setChange({ message: failed.msg, lineIds: changed.kind === 'price' ? changed.lineIds : [] });
        void message.warning(failed.msg);
        await preview.refetch();
        return;
      }
      onFailure(failed);
    }
  };

  if (lineIds.length === 0)
    return (
      <Card data-testid="settlement-page">
        <Empty description={t('checkout.noLines')}>
          <Button type="primary" onClick={() => void navigate(links.cart)}>
            {t('checkout.backToCart')}
          </Button>
        </Empty>
      </Card>
    );

  const lineColumns = [
    {
      key: 'product',
      title: t('cart.col.product'),
      render: (_: unknown, line: PreviewLine) => (
        <Flex gap={8} align="center">
          {line.thumb_url ? (
            <Image src={line.thumb_url} width={48} height={48} style={{ objectFit: 'contain' }} alt="" />
          ) : null}
          <Flex vertical>
            <Typography.Text strong>{line.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {line.finished_code} · {line.style_code}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'variant',
      title: t('cart.col.variant'),
      render: (_: unknown, line: PreviewLine) => `${line.color_name} / ${line.size_name}`,
    },
    {
      key: 'price',
      title: t('cart.col.unitPrice'),
      render: (_: unknown, line: PreviewLine) =>
        line.price_changed ? (
          <Flex vertical data-testid="settlement-price-changed">
            <Space size={4}>
              <Amount minor={line.unit_price} currency={data?.currency ?? ''} strong type="warning" />
              <Tag color="orange">{t('checkout.priceChangedTag')}</Tag>
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('checkout.addedAt', { amount: amount(line.added_unit_price, data?.currency ?? '') })}
            </Typography.Text>
          </Flex>
        ) : (
          <Amount minor={line.unit_price} currency={data?.currency ?? ''} />
        ),
    },
    { key: 'quantity', title: t('cart.col.quantity'), dataIndex: 'quantity' },
    {
      key: 'subtotal',
      title: t('cart.col.subtotal'),
      render: (_: unknown, line: PreviewLine) => (
        <Amount minor={line.subtotal} currency={data?.currency ?? ''} strong />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="settlement-page">
      {preview.isError ? (
        <Alert
          type="error"
          showIcon
          title={preview.error.msg}
          data-testid="settlement-error"
          action={
            <Space>
              <Button size="small" onClick={() => void preview.refetch()}>
                {t('app.retry')}
              </Button>
              <Button size="small" onClick={() => void navigate(links.cart)}>
                {t('checkout.backToCart')}
              </Button>
            </Space>
          }
        />
      ) : null}
      {change ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setChange(null) }}
          title={change.message}
          description={t('checkout.changedHint')}
          data-testid="settlement-changed"
        />
      ) : null}

      <Card size="small" title={t('checkout.section.products')} loading={!data && !preview.isError}>
        {data?.price_changed ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('checkout.priceChanged', { count: data.lines.filter((l) => l.price_changed).length })}
            data-testid="settlement-price-alert"
          />
        ) : null}
        <Table<PreviewLine>
          rowKey="cart_line_id"
          size="small"
          pagination={false}
          dataSource={data?.lines ?? []}
          columns={lineColumns}
          scroll={{ x: 'max-content' }}
          data-testid="settlement-lines"
          onRow={(line) =>
            ({
              'data-testid': 'settlement-line',
              'data-price-changed': line.price_changed,
              style:
                line.price_changed || changedIds.has(line.cart_line_id)
                  ? { background: token.colorWarningBg }
                  : undefined,
            }) as object
          }
        />
        {data ? (
          <Typography.Text type="secondary">
            {t('checkout.parcel', {
              quantity: data.total_quantity,
              weight: data.weight,
              factory: data.factory?.name ?? '—',
            })}
          </Typography.Text>
        ) : null}
      </Card>

      <Card
        size="small"
        title={t('checkout.section.address')}
        extra={<Typography.Text type="secondary">{t('checkout.addressHint')}</Typography.Text>}
      >
        <AddressBook
          rights={{
            canAdd: links.canAddAddress,
            canEdit: links.canEditAddress,
            canDelete: links.canDeleteAddress,
          }}
          selected={chosenIds}
          onSelect={setAddressIds}
        />
        {chosen !== null && chosenIds.length === 0 ? (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            title={t('checkout.needAddress')}
            data-testid="settlement-need-address"
          />
        ) : null}
      </Card>

      <Card size="small" title={t('checkout.section.logistics')}>
        {chosenIds.length === 0 ? (
          <Typography.Text type="secondary">{t('checkout.logisticsAfterAddress')}</Typography.Text>
        ) : !data ? (
          <Spin />
        ) : (
          <Flex vertical gap={12}>
            {data.orders.length > 1 ? (
              <Typography.Text type="secondary">{t('checkout.multiAddressHint')}</Typography.Text>
            ) : null}
            {data.orders.map((order) => (
              <LogisticsChoice
                key={order.address.id}
                order={order}
                currency={data.currency}
                addressText={addressLine(order.address, countryName)}
                isMultiple={data.orders.length > 1}
                isBusy={isStale}
                onChange={(methodId) => setMethods((m) => ({ ...m, [order.address.id]: methodId }))}
              />
            ))}
          </Flex>
        )}
      </Card>

      <Card size="small" title={t('checkout.section.order')}>
        <Form<SettlementExtras> form={form} layout="vertical" data-testid="settlement-form">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="third_party_order_no" label={fieldLabel('third_party_order_no')}>
                <Input maxLength={ORDER_LIMITS.thirdPartyNo} data-testid="settlement-third-party" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="platform" label={fieldLabel('platform')}>
                <Select
                  allowClear
                  options={ORDER_PLATFORMS.map((value) => ({ value, label: t(`orders.platform.${value}`) }))}
                  data-testid="settlement-platform"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="shop_name" label={fieldLabel('shop_name')}>
                <Input maxLength={ORDER_LIMITS.shopName} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={fieldLabel('remark')} style={{ marginBottom: 0 }}>
                <Input.TextArea
                  maxLength={ORDER_LIMITS.remark}
                  showCount
                  rows={2}
                  data-testid="settlement-remark"
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>

      <Card size="small" title={t('checkout.section.pay')} data-testid="settlement-pay">
        {data ? (
          <Flex justify="space-between" gap={24} wrap align="end">
            <Descriptions
              size="small"
              column={1}
              style={{ minWidth: 320 }}
              items={[
                {
                  key: 'product',
                  label: t('checkout.productAmount'),
                  children: <Amount minor={data.product_amount} currency={data.currency} />,
                },
                {
                  key: 'shipping',
                  label: t('checkout.shippingAmount'),
                  children: <Amount minor={data.shipping_amount} currency={data.currency} />,
                },
                {
                  key: 'total',
                  label: t('checkout.totalAmount'),
                  children: (
                    <Amount
                      minor={data.total_amount}
                      currency={data.currency}
                      strong
                      type="danger"
                      testId="settlement-total"
                    />
                  ),
                },
                ...(data.balances.length ? data.balances : [{ currency: data.currency, balance: 0 }]).map(
                  (b) => ({
                    key: `balance-${b.currency}`,
                    label: t('checkout.balance', {
                      currency: isWalletCurrency(b.currency)
                        ? t(`wallet.currency.${b.currency}`)
                        : b.currency,
                    }),
                    children: (
                      <Amount
                        minor={b.balance}
                        currency={b.currency}
                        testId={`settlement-balance-${b.currency}`}
                      />
                    ),
                  }),
                ),
              ]}
            />
            <Flex vertical gap={8} align="end">
              {shortfall > 0 && data.orders.length > 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  title={t('checkout.insufficient', { amount: amount(shortfall, data.currency) })}
                  data-testid="settlement-insufficient"
                  action={
                    rechargeMenu ? (
                      <Button
                        size="small"
                        type="link"
                        onClick={() =>
                          void navigate(
                            rechargeHref(
                              data.currency === 'CNY' ? 'alipay' : 'transfer',
                              isWalletCurrency(data.currency) ? data.currency : undefined,
                            ),
                          )
                        }
                      >
                        {t('checkout.recharge')}
                      </Button>
                    ) : null
                  }
                />
              ) : null}
              <Space wrap>
                <Button
                  size="large"
                  disabled={!data.can_submit || isStale}
                  loading={submit.isPending && submit.variables?.pay === 'later'}
                  onClick={() => void onSubmit('later')}
                  data-testid="settlement-submit"
                >
                  {t('checkout.submitOrder')}
                </Button>
                <Popconfirm
                  title={t('checkout.payConfirm', { amount: amount(data.total_amount, data.currency) })}
                  okText={t('checkout.payByBalance')}
                  cancelText={t('app.cancel')}
                  disabled={!data.can_submit || isStale || shortfall > 0}
                  onConfirm={() => void onSubmit('balance')}
                  okButtonProps={{ 'data-testid': 'settlement-pay-confirm' }}
                >
                  <Button
                    type="primary"
                    size="large"
                    disabled={!data.can_submit || isStale || shortfall > 0}
                    loading={submit.isPending && submit.variables?.pay === 'balance'}
                    data-testid="settlement-pay-balance"
                  >
                    {t('checkout.payByBalance')}
                  </Button>
                </Popconfirm>
              </Space>
            </Flex>
          </Flex>
        ) : preview.isError ? null : (
          <Spin />
        )}
      </Card>
    </Flex>
  );
}

/** One address's logistics: the methods for its country and the parcel's weight, with fee and days. */
function LogisticsChoice({
  order,
  currency,
  addressText,
  isMultiple,
  isBusy,
  onChange,
}: {
  order: PreviewOrder;
  currency: string;
  addressText: string;
  isMultiple: boolean;
  isBusy: boolean;
  onChange: (methodId: string) => void;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  const name = [order.address.first_name, order.address.last_name].filter(Boolean).join(' ');
  return (
    <Flex
      vertical
      gap={6}
      data-testid="settlement-logistics"
      data-address-id={order.address.id}
      data-method-id={order.shipping?.method_id ?? ''}
    >
      <Typography.Text>
        <Typography.Text strong>{name}</Typography.Text> · {addressText}
      </Typography.Text>
      {order.shipping_error || order.options.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={order.shipping_error ?? t('logistics.noneAvailable')}
          data-testid="settlement-no-logistics"
        />
      ) : (
        <Flex gap={12} align="center" wrap>
          <Select
            style={{ minWidth: 420 }}
            value={order.shipping?.method_id}
            loading={isBusy}
            onChange={onChange}
            data-testid="settlement-method"
            options={order.options.map((o) => ({
              value: o.method_id,
              label: `${o.carrier} · ${o.name} · ${t('logistics.daysRange', {
                min: o.delivery_days_min,
                max: o.delivery_days_max,
              })} · ${amount(o.fee, currency)}`,
            }))}
          />
          {isMultiple ? (
            <Typography.Text type="secondary">
              {t('checkout.orderTotal', { amount: amount(order.total_amount, currency) })}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </Flex>
  );
}
