import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Image,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CART_LIMITS, type CartLineState, PERMISSIONS } from '@pod/shared';
import { FINISHED_LIST_PATH, settlementHref } from '../../app/paths.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { Amount } from '../orders/order-fields.tsx';
import { useMenuLink } from '../wallet/wallet-fields.tsx';
import { useCart, useDeleteCartLines, useUpdateCartLine, type CartLine } from './api.ts';
import { isSettleable, selectionSummary, sizeAfterColour, sizesOf } from './cart-options.ts';
import { BatchDeleteButton, RefreshButton } from '../crud/toolbar-buttons.tsx';

const STATE_COLOURS: Record<CartLineState, string> = {
  ok: 'green',
  price_changed: 'orange',
  out_of_stock: 'red',
  unavailable: 'default',
};

/**
 * The cart (spec §2 `/admin/publish/shopCart`, §3 Cart and settlement line): finished products in a
 * colour and size with quantity, the price when added beside today's (a change is shown before
 * paying), edit, delete the selected lines after a confirmation, and settle the selected lines
 * (spec §4: at least one).
 */
export function CartPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const buttons = usePageButtons();
  const finishedMenu = useMenuLink('publish/finished/my');
  const cart = useCart();
  const update = useUpdateCartLine();
  const remove = useDeleteCartLines();
  const [picked, setSelected] = useState<string[]>([]);
  const canEdit = buttons.has(PERMISSIONS.cart.edit);
  const canDelete = buttons.has(PERMISSIONS.cart.del);
  const canSettle = buttons.has(PERMISSIONS.cart.settle);
  const lines = useMemo(() => cart.data?.list ?? [], [cart.data]);

  // Lines deleted, settled or no longer orderable drop out of the selection.
  const selected = picked.filter((id) => lines.some((l) => l.id === id && isSettleable(l)));

  const summary = selectionSummary(lines, selected);

  const onSettle = () => {
    // spec §4: "Cart settlement needs at least one selected item".
    if (selected.length === 0) {
      void message.warning(t('cart.selectFirst'));
      return;
    }
    void navigate(settlementHref(selected));
  };

  const onDelete = (ids: string[]) =>
    remove.mutate(ids, { onSuccess: () => setSelected((s) => s.filter((id) => !ids.includes(id))) });

  if (cart.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={cart.error.msg}
        action={
          <Button size="small" onClick={() => void cart.refetch()}>
            {t('app.retry')}
          </Button>
        }
      />
    );

  const empty = (
    <Empty description={t('cart.empty')} data-testid="cart-empty">
      <Button
        type="primary"
        icon={<ShoppingOutlined />}
        onClick={() => void navigate(finishedMenu?.href ?? FINISHED_LIST_PATH)}
      >
        {t('cart.toFinished')}
      </Button>
    </Empty>
  );

  return (
    <Flex vertical gap={16} data-testid="cart-page">
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="space-between" gap={8} wrap>
            <Space wrap>
              <RefreshButton onRefresh={() => cart.refetch()} />
              {canDelete ? (
                <BatchDeleteButton
                  count={selected.length}
                  confirm={t('cart.deleteConfirm', { count: selected.length })}
                  label={t('cart.deleteSelected')}
                  onConfirm={() => onDelete(selected)}
                  testId="cart-delete-selected"
                />
              ) : null}
            </Space>
            <Typography.Text type="secondary">
              {t('cart.count', { count: lines.length, max: CART_LIMITS.lines })}
            </Typography.Text>
          </Flex>
          <Table<CartLine>
            rowKey="id"
            size="middle"
            loading={cart.isFetching}
            dataSource={lines}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: empty }}
            data-testid="cart-table"
            onRow={(row) =>
              ({
                'data-testid': 'cart-line',
                'data-line-id': row.id,
                'data-state': row.state,
              }) as object
            }
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (row) => ({ disabled: !isSettleable(row) }),
            }}
            columns={[
              {
                key: 'product',
                title: t('cart.col.product'),
                render: (_: unknown, row) => (
                  <Flex gap={8} align="center">
                    {row.thumb_url ? (
                      <Image
                        src={row.thumb_url}
                        width={56}
                        height={56}
                        style={{ objectFit: 'contain' }}
                        alt=""
                      />
                    ) : null}
                    <Flex vertical>
                      <Typography.Text strong data-testid="cart-line-name">
                        {row.name}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.finished_code} · {row.style_code}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                ),
              },
              {
                key: 'variant',
                title: t('cart.col.variant'),
                render: (_: unknown, row) =>
                  canEdit && row.options.colors.length > 0 ? (
                    <VariantCell line={row} onChange={(patch) => update.mutate({ id: row.id, patch })} />
                  ) : (
                    `${row.color_name} / ${row.size_name}`
                  ),
              },
              {
                key: 'price',
                title: t('cart.col.unitPrice'),
                render: (_: unknown, row) => <PriceCell line={row} />,
              },
              {
                key: 'quantity',
                title: t('cart.col.quantity'),
                render: (_: unknown, row) =>
                  canEdit ? (
                    <QuantityCell
                      // A new quantity from the server starts the input afresh.
                      key={row.quantity}
                      value={row.quantity}
                      onCommit={(quantity) => update.mutate({ id: row.id, patch: { quantity } })}
                    />
                  ) : (
                    row.quantity
                  ),
              },
              {
                key: 'subtotal',
                title: t('cart.col.subtotal'),
                render: (_: unknown, row) => (
                  <Amount
                    minor={(row.current_unit_price ?? row.unit_price) * row.quantity}
                    currency={row.currency}
                    strong
                  />
                ),
              },
              {
                key: 'state',
                title: t('cart.col.state'),
                render: (_: unknown, row) => (
                  <Tag color={STATE_COLOURS[row.state]} data-testid="cart-line-state">
                    {t(`cart.state.${row.state}`)}
                  </Tag>
                ),
              },
              ...(canDelete
                ? [
                    {
                      key: 'actions',
                      title: t('crud.actions'),
                      fixed: 'right' as const,
                      render: (_: unknown, row: CartLine) => (
                        <Popconfirm
                          title={t('cart.deleteConfirm', { count: 1 })}
                          okText={t('crud.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('app.cancel')}
                          onConfirm={() => onDelete([row.id])}
                        >
                          <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                            {t('crud.delete')}
                          </Button>
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
      </Card>
      {lines.length > 0 ? (
        <Card size="small" data-testid="cart-summary">
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Flex vertical gap={4}>
              <Typography.Text>
                {t('cart.selected', { count: summary.count, quantity: summary.quantity })}
              </Typography.Text>
              {summary.hasPriceChange ? (
                <Typography.Text type="warning">{t('cart.priceChangedHint')}</Typography.Text>
              ) : null}
            </Flex>
            <Space size={16} wrap>
              <Space>
                <Typography.Text>{t('cart.total')}</Typography.Text>
                {summary.amounts.length === 0 ? (
                  <Typography.Text strong>—</Typography.Text>
                ) : (
                  summary.amounts.map((a) => (
                    <Amount
                      key={a.currency}
                      minor={a.amount}
                      currency={a.currency}
                      strong
                      type="danger"
                      testId="cart-total"
                    />
                  ))
                )}
              </Space>
              {canSettle ? (
                <Button type="primary" size="large" onClick={onSettle} data-testid="cart-settle">
                  {t('cart.settle')}
                </Button>
              ) : null}
            </Space>
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}

/** The unit price now; when it changed since the line was added, the old one struck through beside it. */
function PriceCell({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  if (line.current_unit_price === null)
    return <Typography.Text type="secondary">{t('cart.noPrice')}</Typography.Text>;
  if (line.current_unit_price === line.unit_price)
    return <Amount minor={line.unit_price} currency={line.currency} />;
  return (
    <Flex vertical data-testid="cart-price-changed">
      <Amount minor={line.current_unit_price} currency={line.currency} strong type="warning" />
      <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
        <Amount minor={line.unit_price} currency={line.currency} type="secondary" />
      </Typography.Text>
    </Flex>
  );
}

/** Colour and size of a line: only in-stock combinations of the finished product are offered. */
function VariantCell({
  line,
  onChange,
}: {
  line: CartLine;
  onChange: (patch: { color_id?: string; size_id?: string }) => void;
}) {
  const { t } = useTranslation();
  const choices = line.options;
  const sizes = sizesOf(choices, line.color_id);
  return (
    <Space size={4}>
      <Select
        size="small"
        style={{ width: 120 }}
        value={line.color_id}
        aria-label={t('cart.col.colour')}
        options={
          choices.colors.some((c) => c.id === line.color_id)
            ? choices.colors.map((c) => ({ value: c.id, label: c.name }))
            : [
                { value: line.color_id, label: line.color_name },
                ...choices.colors.map((c) => ({ value: c.id, label: c.name })),
              ]
        }
        onChange={(colorId: string) => {
          const sizeId = sizeAfterColour(choices, colorId, line.size_id);
          onChange(
            sizeId && sizeId !== line.size_id
              ? { color_id: colorId, size_id: sizeId }
              : { color_id: colorId },
          );
        }}
      />
      <Select
        size="small"
        style={{ width: 90 }}
        value={line.size_id}
        aria-label={t('cart.col.size')}
        options={
          sizes.some((s) => s.id === line.size_id)
            ? sizes.map((s) => ({ value: s.id, label: s.name }))
            : [
                { value: line.size_id, label: line.size_name },
                ...sizes.map((s) => ({ value: s.id, label: s.name })),
              ]
        }
        onChange={(sizeId: string) => onChange({ size_id: sizeId })}
      />
    </Space>
  );
}

/** A line's quantity, sent when the input is left or Enter is pressed. */
function QuantityCell({ value, onCommit }: { value: number; onCommit: (quantity: number) => void }) {
  const [draft, setDraft] = useState<number | null>(value);
  const commit = () => {
    if (draft === null || draft === value) {
      setDraft(value);
      return;
    }
    onCommit(draft);
  };
  return (
    <InputNumber<number>
      size="small"
      min={1}
      max={CART_LIMITS.quantity}
      precision={0}
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 90 }}
      data-testid="cart-quantity"
    />
  );
}
