import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CARRIERS,
  FULFILMENT_LIMITS,
  PERMISSIONS,
  PRODUCTION_STATUSES,
  TRACKING_NO_PATTERN,
  fulfilmentOperations as ops,
  maxLengthOf,
  productionListQuerySchema,
} from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import {
  downloadFile,
  useProductionDetail,
  useProductionQueue,
  useShipOrder,
  useStartProduction,
  type ProductionItem,
} from './api.ts';

type Status = (typeof PRODUCTION_STATUSES)[number];
const STATUS_COLOURS: Record<Status, string> = {
  paid: 'gold',
  in_production: 'blue',
  shipped: 'green',
  completed: 'default',
};

export function ProductionStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`fulfilment.status.${status}`)}</Tag>;
}

/**
 * The production queue (issue 21): the paid orders routed to the factories the caller acts for,
 * by status, with the factory's actions: start production, print files as one zip, packing slip
 * and production sheet, the merchant's waybill, and ship.
 */
export function ProductionQueuePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const buttons = usePageButtons();
  const [status, setStatus] = useState<Status>('paid');
  const [search, setSearch] = useState<{ order_no?: string; country?: string }>({});
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  const [shipping, setShipping] = useState<ProductionItem | null>(null);
  const [zipping, setZipping] = useState(false);
  const queue = useProductionQueue({ status, ...search, ...page });
  const start = useStartProduction();
  const data = queue.data;

  const download = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const startSelected = async () => {
    const reply = await start.mutateAsync(selected);
    setSelected([]);
    const failed = reply.results.filter((r) => !r.ok);
    if (failed.length) void message.warning(failed.map((r) => r.reason).join('; '));
    else void message.success(t('fulfilment.started', { count: reply.success }));
  };
  const zip = async () => {
    setZipping(true);
    await download(() =>
      downloadFile(ops.productionPrintFiles, { body: { ids: selected } }, `print-files.zip`),
    );
    setZipping(false);
  };

  const columns = [
    { title: t('fulfilment.col.orderNo'), dataIndex: 'order_no', key: 'order_no' },
    {
      title: t('fulfilment.col.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: Status) => <ProductionStatusTag status={s} />,
    },
    {
      title: t('fulfilment.col.factory'),
      key: 'factory',
      render: (_: unknown, r: ProductionItem) => r.factory?.name ?? '-',
    },
    { title: t('fulfilment.col.country'), dataIndex: 'country_code', key: 'country' },
    { title: t('fulfilment.col.quantity'), dataIndex: 'total_quantity', key: 'qty' },
    {
      title: t('fulfilment.col.shipping'),
      key: 'shipping',
      render: (_: unknown, r: ProductionItem) => `${r.shipping.carrier} ${r.shipping.name}`,
    },
    {
      title: t('fulfilment.col.tracking'),
      key: 'tracking',
      render: (_: unknown, r: ProductionItem) => (
        <Space size={4}>
          {r.tracking_no || '-'}
          {r.carrier_code ? (
            <Tag>{t(`fulfilment.carrier.${r.carrier_code as (typeof CARRIERS)[number]}`)}</Tag>
          ) : null}
          {r.has_label ? <Tag color="cyan">{t('fulfilment.hasLabel')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('fulfilment.col.paidAt'),
      key: 'paid',
      render: (_: unknown, r: ProductionItem) => <DateTime value={r.paid_at} />,
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      render: (_: unknown, r: ProductionItem) => (
        <Space wrap size={4}>
          <Button
            size="small"
            type="link"
            onClick={() => setShown(r.id)}
            data-testid={`production-detail-${r.order_no}`}
          >
            {t('fulfilment.detail')}
          </Button>
          {buttons.has(PERMISSIONS.production.download) ? (
            <>
              <Button
                size="small"
                type="link"
                onClick={() =>
                  void download(() =>
                    downloadFile(
                      ops.productionPackingSlip,
                      { params: { id: r.id } },
                      `${r.order_no}-packing-slip.pdf`,
                    ),
                  )
                }
              >
                {t('fulfilment.packingSlip')}
              </Button>
              <Button
                size="small"
                type="link"
                onClick={() =>
                  void download(() =>
                    downloadFile(
                      ops.productionSheet,
                      { params: { id: r.id } },
                      `${r.order_no}-production-sheet.pdf`,
                    ),
                  )
                }
              >
                {t('fulfilment.sheet')}
              </Button>
              {r.has_label ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    void download(() =>
                      downloadFile(ops.productionLabel, { params: { id: r.id } }, `${r.tracking_no}.pdf`),
                    )
                  }
                >
                  {t('fulfilment.label')}
                </Button>
              ) : null}
            </>
          ) : null}
          {r.status === 'in_production' && buttons.has(PERMISSIONS.production.ship) ? (
            <Button
              size="small"
              type="link"
              onClick={() => setShipping(r)}
              data-testid={`production-ship-${r.order_no}`}
            >
              {t('fulfilment.ship')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as Status);
          setSelected([]);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        items={PRODUCTION_STATUSES.map((s) => ({
          key: s,
          label: `${t(`fulfilment.status.${s}`)} (${data?.counts[s] ?? 0})`,
        }))}
      />
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: { order_no?: string; country?: string }) => {
          setSearch({ order_no: v.order_no?.trim() || undefined, country: v.country?.trim() || undefined });
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="order_no" label={t('fulfilment.col.orderNo')}>
          <Input allowClear style={{ width: 220 }} placeholder={t('fulfilment.searchHint')} />
        </Form.Item>
        <Form.Item name="country" label={t('fulfilment.col.country')}>
          <Input
            allowClear
            style={{ width: 90 }}
            maxLength={maxLengthOf(productionListQuerySchema.shape.country)}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" type="primary">
            {t('crud.search')}
          </Button>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        {status === 'paid' && buttons.has(PERMISSIONS.production.start) ? (
          <Popconfirm
            title={t('fulfilment.startConfirm', { count: selected.length })}
            onConfirm={() => void startSelected()}
            disabled={!selected.length}
          >
            <Button
              type="primary"
              disabled={!selected.length}
              loading={start.isPending}
              data-testid="production-start"
            >
              {t('fulfilment.start')}
            </Button>
          </Popconfirm>
        ) : null}
        {buttons.has(PERMISSIONS.production.download) ? (
          <Button
            disabled={!selected.length}
            loading={zipping}
            onClick={() => void zip()}
            data-testid="production-print-files"
          >
            {t('fulfilment.printFiles', { count: selected.length })}
          </Button>
        ) : null}
        <span>{t('fulfilment.selectHint', { max: FULFILMENT_LIMITS.batch })}</span>
      </Space>
      <Table<ProductionItem>
        rowKey="id"
        loading={queue.isFetching}
        dataSource={data?.list ?? []}
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as string[]).slice(0, FULFILMENT_LIMITS.batch)),
        }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
        scroll={{ x: true }}
      />
      <ProductionDrawer id={shown} onClose={() => setShown(null)} />
      <ShipModal order={shipping} onClose={() => setShipping(null)} />
    </Card>
  );
}

function ProductionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useProductionDetail(id);
  const d = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} width={760} title={d?.order_no ?? ''} loading={detail.isLoading}>
      {d ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('fulfilment.col.status')}>
              <ProductionStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fulfilment.col.factory')}>
              {d.factory?.name ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fulfilment.consignee')}>
              {[d.address.first_name, d.address.last_name].filter(Boolean).join(' ')} {d.address.mobile_phone}
            </Descriptions.Item>
            <Descriptions.Item label={t('fulfilment.address')}>
              {[
                d.address.street,
                d.address.area,
                d.address.city,
                d.address.province,
                d.address.country,
                d.address.postcode,
              ]
                .filter(Boolean)
                .join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fulfilment.customs')} span={2}>
              {d.customs.en_name} / {d.customs.cn_name} · {d.customs.en_material} · {d.customs.customs_code} ·
              USD {(d.customs.declared_price_usd / 100).toFixed(2)} · {d.customs.declared_weight} g
            </Descriptions.Item>
            <Descriptions.Item label={t('fulfilment.col.tracking')}>{d.tracking_no || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fulfilment.label')}>
              {d.label ? `${d.label.tracking_no} · ${d.label.method_name}` : '-'}
            </Descriptions.Item>
            {d.remark ? (
              <Descriptions.Item label={t('fulfilment.remark')} span={2}>
                {d.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.lines}
            columns={[
              {
                title: t('fulfilment.mockup'),
                key: 'thumb',
                render: (_: unknown, l: ProductionDetailLine) =>
                  l.thumb_url ? <Image src={l.thumb_url} width={48} /> : '-',
              },
              { title: t('fulfilment.finishedCode'), dataIndex: 'finished_code', key: 'code' },
              { title: t('fulfilment.lineName'), dataIndex: 'name', key: 'name' },
              {
                title: t('fulfilment.colourSize'),
                key: 'cs',
                render: (_: unknown, l: ProductionDetailLine) => `${l.color_name} / ${l.size_name}`,
              },
              { title: t('fulfilment.col.quantity'), dataIndex: 'quantity', key: 'q' },
            ]}
          />
          <Table
            rowKey={(p) => `${p.line_id}:${p.surface}`}
            size="small"
            pagination={false}
            dataSource={d.print_files}
            locale={{ emptyText: t('fulfilment.noPrintFiles') }}
            columns={[
              { title: t('fulfilment.surface'), dataIndex: 'surface', key: 'surface' },
              {
                title: t('fulfilment.mockup'),
                key: 'mockup',
                render: (_: unknown, p: PrintFileRow) =>
                  p.mockup_url ? <Image src={p.mockup_url} width={64} /> : '-',
              },
              {
                title: t('fulfilment.printSize'),
                key: 'size',
                render: (_: unknown, p: PrintFileRow) => `${p.width} × ${p.height} px · ${p.dpi} dpi`,
              },
              {
                title: t('fulfilment.printFile'),
                key: 'url',
                render: (_: unknown, p: PrintFileRow) =>
                  p.url ? (
                    <a href={p.url} target="_blank" rel="noreferrer">
                      {t('fulfilment.open')}
                    </a>
                  ) : (
                    t('fulfilment.notRendered')
                  ),
              },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

type ProductionDetailLine = NonNullable<ReturnType<typeof useProductionDetail>['data']>['lines'][number];
type PrintFileRow = NonNullable<ReturnType<typeof useProductionDetail>['data']>['print_files'][number];

function ShipModal({ order, onClose }: { order: ProductionItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ carrier_code: (typeof CARRIERS)[number]; tracking_no: string }>();
  const ship = useShipOrder();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await ship.mutateAsync({ id: order!.id, body: values });
      onClose();
    } catch (error) {
      form.setFields([{ name: 'tracking_no', errors: [(error as Error).message] }]);
    }
  };
  return (
    <Modal
      open={!!order}
      title={t('fulfilment.shipTitle', { order_no: order?.order_no ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('fulfilment.ship')}
      confirmLoading={ship.isPending}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) form.setFieldsValue({ tracking_no: order?.tracking_no ?? '' });
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="carrier_code"
          label={t('fulfilment.carrierLabel')}
          rules={[{ required: true, message: t('fulfilment.carrierRequired') }]}
        >
          <Select
            data-testid="ship-carrier"
            options={CARRIERS.map((c) => ({ value: c, label: t(`fulfilment.carrier.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label={t('fulfilment.col.tracking')}
          rules={[
            { required: true, message: t('fulfilment.trackingRequired') },
            { pattern: TRACKING_NO_PATTERN, message: t('fulfilment.trackingFormat') },
          ]}
        >
          <Input data-testid="ship-tracking" maxLength={FULFILMENT_LIMITS.trackingNo} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
