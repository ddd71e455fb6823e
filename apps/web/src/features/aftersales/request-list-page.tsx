import { useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
} from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AFTERSALES_KINDS,
  AFTERSALES_STATUSES,
  aftersalesCreateSchema,
  LIMITS,
  maxLengthOf,
  PERMISSIONS,
  REFUND_TYPES,
  type RefundType,
  type WalletCurrency,
} from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { UploadField } from '../uploads/upload-field.tsx';
import { idsOf, type UploadValue } from '../uploads/upload-value.ts';
import { parseAmount, rangeParams, type PickedRange } from '../wallet/money-format.ts';
import { AmountInput, DateRangeItem, FilterSelect, useMoney } from '../wallet/wallet-fields.tsx';
import {
  AFTERSALES_RESOURCES,
  useAftersalesDetail,
  useCloseAftersales,
  useCreateAftersales,
  useRefundable,
  type AftersalesRow,
} from './api.ts';
import { AftersalesDescriptions, AftersalesStatusTag, RequestMoney } from './aftersales-fields.tsx';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The list's filters as query parameters (spec §5: a date range of a year at most). */
export function toAftersalesParams(values: Record<string, unknown>): QueryParams {
  return {
    status: text(values.status),
    kind: text(values.kind),
    refund_type: text(values.refund_type),
    order_no: text(values.order_no),
    request_no: text(values.request_no),
    merchant_id: text(values.merchant_id),
    ...rangeParams(values.range as PickedRange),
  };
}

/** The filter form items both lists share. */
export function AftersalesFilters() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="status" label={t('aftersales.col.status')}>
        <FilterSelect
          options={AFTERSALES_STATUSES.map((value) => ({ value, label: t(`aftersales.status.${value}`) }))}
          testId="aftersales-filter-status"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('aftersales.col.kind')}>
        <FilterSelect
          options={AFTERSALES_KINDS.map((value) => ({ value, label: t(`aftersales.kind.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="order_no" label={t('aftersales.col.orderNo')}>
        <Input allowClear style={{ width: 220 }} />
      </Form.Item>
      <DateRangeItem />
    </>
  );
}

/** The columns both lists share. */
export function useAftersalesColumns() {
  const { t } = useTranslation();
  return [
    { key: 'request_no', title: t('aftersales.col.requestNo') },
    { key: 'order_no', title: t('aftersales.col.orderNo') },
    {
      key: 'kind',
      title: t('aftersales.col.kind'),
      render: (row: AftersalesRow) => t(`aftersales.kind.${row.kind}`),
    },
    {
      key: 'refund_type',
      title: t('aftersales.col.refundType'),
      render: (row: AftersalesRow) => t(`aftersales.refundType.${row.refund_type}`),
    },
    {
      key: 'application_amount',
      title: t('aftersales.col.applicationAmount'),
      render: (row: AftersalesRow) => <RequestMoney minor={row.application_amount} currency={row.currency} />,
    },
    {
      key: 'refund_amount',
      title: t('aftersales.col.refundAmount'),
      render: (row: AftersalesRow) => <RequestMoney minor={row.refund_amount} currency={row.currency} />,
    },
    {
      key: 'status',
      title: t('aftersales.col.status'),
      render: (row: AftersalesRow) => <AftersalesStatusTag status={row.status} />,
    },
    { key: 'reason', title: t('aftersales.col.reason'), isHiddenByDefault: true },
    {
      key: 'source',
      title: t('aftersales.col.source'),
      render: (row: AftersalesRow) => t(`aftersales.source.${row.source}`),
    },
    { key: 'applicant_name', title: t('aftersales.col.applicant'), isHiddenByDefault: true },
    { key: 'audit_note', title: t('aftersales.col.auditNote'), isHiddenByDefault: true },
    {
      key: 'created_at',
      title: t('aftersales.col.createdAt'),
      render: (row: AftersalesRow) => <DateTime value={row.created_at} />,
    },
  ] as const;
}

interface CreateValues {
  order?: string;
  refund_type?: RefundType;
  amount?: number | null;
  reason?: string;
  refund_reason?: string;
  image_ids?: UploadValue;
}

/**
 * The create form (spec §3, §5): the order (prefilled from the order centre's link), the refund
 * type with its bound, the amount, reason, refund reason and 1–9 evidence images.
 */
function CreateRequestModal(props: { order: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<CreateValues>();
  const [order, setOrder] = useState<string | null>(props.order);
  const refundable = useRefundable(order);
  const create = useCreateAftersales();
  const refundType = Form.useWatch('refund_type', form);
  const info = refundable.data;
  const currency = (info?.currency ?? 'CNY') as WalletCurrency;
  /** Goods only: how many of each line are returned (issue 22 "per line and quantity"); all by default. */
  const [picked, setPicked] = useState<Record<string, number>>({});
  const quantityOf = (line: { line_id: string; quantity: number }) => picked[line.line_id] ?? line.quantity;
  const pickedLines = (info?.lines ?? [])
    .map((l) => ({ line_id: l.line_id, quantity: quantityOf(l), unit_price: l.unit_price }))
    .filter((l) => l.quantity > 0);
  const remainder = info ? info.total_amount - info.refunded_amount : 0;
  const goodsBound = Math.min(
    pickedLines.reduce((sum, l) => sum + l.quantity * l.unit_price, 0),
    remainder,
  );
  const boundOf = (type: RefundType) => (type === 'goods' ? goodsBound : (info?.bounds[type] ?? 0));

  const submit = async (values: CreateValues) => {
    if (!info?.kind) return;
    if (values.refund_type === 'goods' && !pickedLines.length) return;
    const amount =
      values.amount === null || values.amount === undefined ? undefined : parseAmount(values.amount);
    await create.mutateAsync({
      kind: info.kind,
      order_no: info.order_no,
      reason: values.reason ?? '',
      refund_reason: values.refund_reason ?? '',
      refund_type: values.refund_type ?? 'full',
      ...(amount !== undefined &&
      amount !== null &&
      values.refund_type !== 'full' &&
      values.refund_type !== 'none'
        ? { application_amount: amount }
        : {}),
      lines:
        values.refund_type === 'goods'
          ? pickedLines.map((l) => ({ line_id: l.line_id, quantity: l.quantity }))
          : [],
      image_ids: idsOf(values.image_ids),
    });
    props.onClose();
  };

  return (
    <Modal
      open={props.order !== null}
      title={info?.kind ? t(`aftersales.create.${info.kind}`) : t('aftersales.create.title')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !info?.kind, loading: create.isPending, id: 'aftersales-submit' }}
      destroyOnHidden
      width={640}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ order: props.order ?? '', refund_type: 'full', image_ids: [] }}
        onFinish={(v) => void submit(v)}
        data-testid="aftersales-create-form"
      >
        <Form.Item name="order" label={t('aftersales.col.orderNo')} required>
          <Input.Search
            enterButton
            onSearch={(v) => setOrder(v.trim() || null)}
            data-testid="aftersales-order"
          />
        </Form.Item>
        {refundable.isError ? (
          <Alert type="error" showIcon message={t('aftersales.create.orderNotFound')} />
        ) : null}
        {info && !info.kind ? (
          <Alert type="warning" showIcon message={t('aftersales.create.notEligible')} />
        ) : null}
        {info?.open_request_id ? (
          <Alert type="warning" showIcon message={t('aftersales.create.openExists')} />
        ) : null}
        {info?.kind ? (
          <>
            <Alert
              type="info"
              style={{ marginBottom: 16 }}
              message={t('aftersales.create.summary', {
                total: money(info.total_amount, currency),
                refunded: money(info.refunded_amount, currency),
              })}
            />
            <Form.Item name="refund_type" label={t('aftersales.col.refundType')} required>
              <Select
                data-testid="aftersales-refund-type"
                options={REFUND_TYPES.map((value) => ({
                  value,
                  label: `${t(`aftersales.refundType.${value}`)} (≤ ${money(boundOf(value), currency)})`,
                }))}
              />
            </Form.Item>
            {refundType === 'partial' || refundType === 'goods' || refundType === 'freight' ? (
              <Form.Item
                name="amount"
                label={t('aftersales.col.applicationAmount')}
                required={refundType === 'partial'}
                extra={t('aftersales.create.bound', { max: money(boundOf(refundType), currency) })}
              >
                <AmountInput currency={currency} testId="aftersales-amount" />
              </Form.Item>
            ) : null}
            {refundType === 'goods' ? (
              <Form.Item
                label={t('aftersales.create.lines')}
                validateStatus={pickedLines.length ? undefined : 'error'}
                help={pickedLines.length ? undefined : t('aftersales.create.noLines')}
              >
                <Table
                  size="small"
                  pagination={false}
                  rowKey="line_id"
                  data-testid="aftersales-lines"
                  dataSource={info.lines}
                  columns={[
                    {
                      key: 'name',
                      title: t('aftersales.create.line'),
                      render: (_v, l) => `${l.name} · ${l.color_name} · ${l.size_name}`,
                    },
                    {
                      key: 'price',
                      title: t('aftersales.create.unitPrice'),
                      render: (_v, l) => money(l.unit_price, currency),
                    },
                    {
                      key: 'quantity',
                      title: t('aftersales.create.returnQuantity'),
                      render: (_v, l) => (
                        <InputNumber
                          min={0}
                          max={l.quantity}
                          precision={0}
                          value={quantityOf(l)}
                          data-testid={`aftersales-line-qty-${l.line_id}`}
                          onChange={(v) => setPicked((p) => ({ ...p, [l.line_id]: Number(v ?? 0) }))}
                          addonAfter={`/ ${l.quantity}`}
                        />
                      ),
                    },
                  ]}
                />
              </Form.Item>
            ) : null}
            <Form.Item
              name="reason"
              label={t('aftersales.col.reason')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input
                maxLength={maxLengthOf(aftersalesCreateSchema.shape.reason)}
                data-testid="aftersales-reason"
              />
            </Form.Item>
            <Form.Item
              name="refund_reason"
              label={t('aftersales.col.refundReason')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input.TextArea
                maxLength={maxLengthOf(aftersalesCreateSchema.shape.refund_reason)}
                rows={2}
                data-testid="aftersales-refund-reason"
              />
            </Form.Item>
            <Form.Item
              name="image_ids"
              label={t('aftersales.col.images')}
              extra={t('aftersales.create.imagesHint', {
                min: LIMITS.afterSalesImages.min,
                max: LIMITS.afterSalesImages.max,
              })}
              rules={[
                {
                  validator: (_r, value: UploadValue) => {
                    const n = idsOf(value).length;
                    return n >= LIMITS.afterSalesImages.min && n <= LIMITS.afterSalesImages.max
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('aftersales.create.imagesHint', LIMITS.afterSalesImages)));
                  },
                },
              ]}
            >
              <UploadField
                topic="image"
                maxCount={LIMITS.afterSalesImages.max}
                testId="aftersales-images-upload"
              />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}

/**
 * The merchant's after-sales and cancel requests (spec §2 /admin/order/afterSales): filters, a
 * progress view per request, withdrawing (closing, confirmed), a new request. The order centre
 * opens the form with `?create=cancel|aftersales&orderId=<id>`.
 */
export function RequestListPage() {
  const { t } = useTranslation();
  const buttons = usePageButtons();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const detail = useAftersalesDetail('merchant', shown);
  const close = useCloseAftersales('merchant');
  const columns = useAftersalesColumns();

  // The order centre's link (?create=cancel|aftersales&orderId=) opens the form for that order.
  const linked = params.get('create') ? params.get('orderId') : null;
  const opening = creating ?? linked;
  const stopCreating = () => {
    setCreating(null);
    if (params.get('create')) setParams({}, { replace: true });
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        {buttons.has(PERMISSIONS.afterSales.add) ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating('')}
            data-testid="aftersales-new"
          >
            {t('aftersales.create.title')}
          </Button>
        ) : null}
      </Space>
      <CrudPage<AftersalesRow>
        testId="aftersales-page"
        resource={AFTERSALES_RESOURCES.mine}
        exportPage="order/afterSales"
        hasQuickSearch={false}
        isDeletable={false}
        toFilterParams={toAftersalesParams}
        filters={<AftersalesFilters />}
        columns={columns}
        rowActions={(row) => (
          <>
            <Button
              size="small"
              type="link"
              icon={<EyeOutlined />}
              data-testid="aftersales-details"
              onClick={() => setShown(row.id)}
            >
              {t('aftersales.progress')}
            </Button>
            {row.status !== 'closed' && buttons.has(PERMISSIONS.afterSales.close) ? (
              <Popconfirm
                title={t('aftersales.closeConfirm')}
                onConfirm={() => {
                  void close.mutateAsync(row.id);
                }}
              >
                <Button size="small" type="link" danger data-testid="aftersales-close">
                  {t('aftersales.close')}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        )}
      />
      <CreateRequestModal key={opening ?? 'closed'} order={opening} onClose={stopCreating} />
      <Drawer
        open={shown !== null}
        title={t('aftersales.progress')}
        size={640}
        onClose={() => setShown(null)}
      >
        {detail.data ? <AftersalesDescriptions detail={detail.data} /> : null}
      </Drawer>
    </>
  );
}
