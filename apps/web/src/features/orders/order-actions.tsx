import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  maxLengthOf,
  orderActionAllowed,
  orderRemarkSchema,
  type OrderAction,
  type OrderCentreDetail,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useCountries } from '../logistics/factory-page.tsx';
import {
  useCopyOrder,
  useModifyAddress,
  useModifyLogistics,
  useOrderRemark,
  useOrderShippingOptions,
  useRestoreOrders,
  useSplitOrder,
} from './api.ts';
import { Amount, orderDetailHref } from './order-fields.tsx';
import { useFieldLabel } from '../../forms/use-zod-field.ts';

/** Where a paid order's cancel goes: a cancel request of after-sales (issue 22). */
export const afterSalesCancelHref = (orderId: string) =>
  `/admin/order/afterSales?create=cancel&orderId=${encodeURIComponent(orderId)}`;

/** Where a shipped or completed order's after-sales entry goes: an after-sales request (issue 22). */
export const afterSalesRequestHref = (orderId: string) =>
  `/admin/order/afterSales?create=aftersales&orderId=${encodeURIComponent(orderId)}`;

type Dialog = 'split' | 'address' | 'logistics' | 'remark' | null;

/**
 * The order centre's actions on one order (spec §4, decision 0039): shown only in the statuses
 * the shared table allows; destructive ones ask first. A split reports the new order, so both
 * halves can be paid together (`onSplit`).
 */
export function OrderActionBar({
  order,
  canEdit,
  canAdd,
  onSplit,
}: {
  order: OrderCentreDetail;
  canEdit: boolean;
  canAdd: boolean;
  onSplit: (orderNos: string[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const restore = useRestoreOrders();
  const copy = useCopyOrder();
  const can = (action: OrderAction) => orderActionAllowed(action, order.status);
  const fail = (error: unknown) => void message.error((error as ApiError).msg);

  return (
    <Space wrap>
      {canEdit && can('cancel_request') ? (
        <Button
          danger
          data-testid="order-cancel-request"
          onClick={() => void navigate(afterSalesCancelHref(order.id))}
        >
          {t('orders.action.cancel')}
        </Button>
      ) : null}
      {canEdit && can('aftersales_request') ? (
        <Button
          data-testid="order-aftersales-request"
          onClick={() => void navigate(afterSalesRequestHref(order.id))}
        >
          {t('orders.action.afterSales')}
        </Button>
      ) : null}
      {canEdit && can('restore') ? (
        <Popconfirm
          title={t('orders.centre.restoreConfirm')}
          onConfirm={() => void restore.mutateAsync([order.order_no]).catch(fail)}
        >
          <Button data-testid="order-restore">{t('orders.centre.restore')}</Button>
        </Popconfirm>
      ) : null}
      {canAdd && can('copy') ? (
        <Popconfirm
          title={t('orders.centre.copyConfirm')}
          onConfirm={() =>
            void copy
              .mutateAsync(order.order_no)
              .then((made) => void navigate(orderDetailHref(made.order_no)))
              .catch(fail)
          }
        >
          <Button data-testid="order-copy">{t('orders.centre.copy')}</Button>
        </Popconfirm>
      ) : null}
      {canEdit && can('split') && order.total_quantity > 1 ? (
        <Button data-testid="order-split" onClick={() => setDialog('split')}>
          {t('orders.centre.split')}
        </Button>
      ) : null}
      {canEdit && can('modify_logistics') ? (
        <Button data-testid="order-modify-logistics" onClick={() => setDialog('logistics')}>
          {t('orders.centre.modifyLogistics')}
        </Button>
      ) : null}
      {canEdit && can('modify_address') ? (
        <Button data-testid="order-modify-address" onClick={() => setDialog('address')}>
          {t('orders.centre.modifyAddress')}
        </Button>
      ) : null}
      {canEdit && can('remark') ? (
        <Button data-testid="order-remark" onClick={() => setDialog('remark')}>
          {t('orders.centre.remark')}
        </Button>
      ) : null}
      {dialog === 'split' ? (
        <SplitDialog order={order} onClose={() => setDialog(null)} onSplit={onSplit} />
      ) : null}
      {dialog === 'address' ? <AddressDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'logistics' ? <LogisticsDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'remark' ? <RemarkDialog order={order} onClose={() => setDialog(null)} /> : null}
    </Space>
  );
}

/** Split: how many pieces of each line move to the new order (spec §4; both parts re-quoted). */
function SplitDialog({
  order,
  onClose,
  onSplit,
}: {
  order: OrderCentreDetail;
  onClose: () => void;
  onSplit: (orderNos: string[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const split = useSplitOrder();
  const [moves, setMoves] = useState<Record<string, number>>({});
  const lines = Object.entries(moves)
    .filter(([, quantity]) => quantity > 0)
    .map(([line_id, quantity]) => ({ line_id, quantity }));
  return (
    <Modal
      open
      title={t('orders.centre.split')}
      okText={t('orders.centre.split')}
      okButtonProps={{ disabled: !lines.length, id: 'order-split-ok' }}
      confirmLoading={split.isPending}
      onCancel={onClose}
      onOk={() =>
        void split
          .mutateAsync({ orderNo: order.order_no, lines })
          .then((reply) => {
            onSplit(reply.orders.map((o) => o.order_no));
            onClose();
          })
          .catch((error: ApiError) => void message.error(error.msg))
      }
    >
      <p>{t('orders.centre.splitHint')}</p>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.lines}
        columns={[
          {
            key: 'name',
            title: t('orders.detail.product'),
            render: (_: unknown, l) => l.name || l.external_name,
          },
          {
            key: 'spec',
            title: t('orders.detail.colour'),
            render: (_: unknown, l) => `${l.color_name} ${l.size_name}`,
          },
          { key: 'qty', title: t('orders.col.quantity'), dataIndex: 'quantity' },
          {
            key: 'move',
            title: t('orders.centre.moveQuantity'),
            render: (_: unknown, l) => (
              <InputNumber
                min={0}
                max={l.quantity}
                precision={0}
                value={moves[l.id] ?? 0}
                data-testid={`order-split-qty-${l.id}`}
                onChange={(v) => setMoves((m) => ({ ...m, [l.id]: Number(v ?? 0) }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** Modify address: the same rules as the address book, and the logistics re-checked for the country. */
function AddressDialog({ order, onClose }: { order: OrderCentreDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const countries = useCountries(i18n.language);
  const modify = useModifyAddress();
  const [form] = Form.useForm();
  const fields = [
    'first_name',
    'last_name',
    'mobile_phone',
    'province',
    'city',
    'area',
    'street',
    'postcode',
  ] as const;
  return (
    <Modal
      open
      title={t('orders.centre.modifyAddress')}
      confirmLoading={modify.isPending}
      okButtonProps={{ id: 'order-address-ok' }}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then((values: Record<string, string>) =>
          modify
            .mutateAsync({
              orderNo: order.order_no,
              address: {
                first_name: values.first_name ?? '',
                last_name: values.last_name ?? '',
                mobile_phone: values.mobile_phone ?? '',
                country: values.country ?? '',
                province: values.province ?? '',
                city: values.city ?? '',
                area: values.area ?? '',
                street: values.street ?? '',
                postcode: values.postcode ?? '',
              },
            })
            .then(onClose)
            .catch((error: ApiError) => void message.error(error.msg)),
        )
      }
    >
      <Form form={form} layout="vertical" initialValues={order.address} data-testid="order-address-form">
        <Form.Item name="country" label={fieldLabel('country')} rules={[{ required: true }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={countries.data ?? []} />
        </Form.Item>
        {fields.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`fields.${name}`)}
            rules={
              ['first_name', 'mobile_phone', 'city', 'street'].includes(name) ? [{ required: true }] : []
            }
          >
            <Input data-testid={`order-address-${name}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** Modify logistics: the methods serving the parcel now, with their fees. */
function LogisticsDialog({ order, onClose }: { order: OrderCentreDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const options = useOrderShippingOptions(order.order_no, true);
  const modify = useModifyLogistics();
  const [methodId, setMethodId] = useState(order.shipping.method_id);
  return (
    <Modal
      open
      title={t('orders.centre.modifyLogistics')}
      confirmLoading={modify.isPending}
      onCancel={onClose}
      onOk={() =>
        void modify
          .mutateAsync({ orderNo: order.order_no, methodId })
          .then(onClose)
          .catch((error: ApiError) => void message.error(error.msg))
      }
    >
      <Select
        style={{ width: '100%' }}
        loading={options.isPending}
        value={methodId}
        onChange={setMethodId}
        options={(options.data?.options ?? []).map((o) => ({
          value: o.method_id,
          label: (
            <Space>
              {`${o.carrier} · ${o.name}`}
              <Amount minor={o.order_fee} currency={order.currency} />
            </Space>
          ),
        }))}
      />
    </Modal>
  );
}

function RemarkDialog({ order, onClose }: { order: OrderCentreDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remark = useOrderRemark();
  const [text, setText] = useState(order.remark);
  return (
    <Modal
      open
      title={t('orders.centre.remark')}
      confirmLoading={remark.isPending}
      onCancel={onClose}
      onOk={() =>
        void remark
          .mutateAsync({ orderNo: order.order_no, remark: text })
          .then(onClose)
          .catch((error: ApiError) => void message.error(error.msg))
      }
    >
      <Input.TextArea
        rows={4}
        maxLength={maxLengthOf(orderRemarkSchema.shape.remark)}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Modal>
  );
}
