import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Image,
  Input,
  Popconfirm,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Upload,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FULFILMENT_LIMITS,
  LABEL_STATUSES,
  ORDER_PLATFORMS,
  PERMISSIONS,
  fulfilmentOperations as ops,
} from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import {
  downloadFile,
  useConfirmSplit,
  useLabelImport,
  useLabelMethods,
  useLabels,
  useLabelSplit,
  useShopOptions,
  useWaybillUpload,
  type LabelImportReply,
  type LabelRow,
  type LabelSplit,
  type WaybillReply,
} from './api.ts';

/**
 * Logistics label import (spec §5, issue 21): the import form with its per-line results, the
 * import records with their label status (waybills downloadable 20 at a time), the waybill
 * import, and the split of one multi-page label PDF reviewed before it is saved.
 */
export function LabelImportPage() {
  const { t } = useTranslation();
  const buttons = usePageButtons();
  const canAdd = buttons.has(PERMISSIONS.label.add);
  return (
    <Card>
      <Tabs
        items={[
          ...(canAdd
            ? [{ key: 'import', label: t('fulfilment.labelImport'), children: <ImportForm /> }]
            : []),
          { key: 'records', label: t('fulfilment.records'), children: <Records /> },
          ...(canAdd
            ? [
                { key: 'waybill', label: t('fulfilment.waybillImport'), children: <WaybillImport /> },
                { key: 'split', label: t('fulfilment.splitTab'), children: <SplitImport /> },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

interface ImportValues {
  platform: (typeof ORDER_PLATFORMS)[number];
  shop_id?: string;
  method_ids: string[];
  lines: string;
}

function ImportForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImportValues>();
  const platform = Form.useWatch('platform', form);
  const methods = useLabelMethods();
  const shops = useShopOptions();
  const run = useLabelImport();
  const [result, setResult] = useState<LabelImportReply | null>(null);
  const lineCount = (v: string | undefined) => (v ?? '').split(/\r?\n/).filter((l) => l.trim()).length;

  const submit = async (values: ImportValues) => {
    try {
      setResult(await run.mutateAsync({ ...values, shop_id: values.shop_id ?? null }));
    } catch (error) {
      form.setFields([{ name: 'lines', errors: [(error as Error).message] }]);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ platform: 'other', method_ids: [] }}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 720 }}
      >
        <Space wrap>
          <Form.Item name="platform" label={t('fulfilment.platform')} rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              data-testid="label-platform"
              options={ORDER_PLATFORMS.map((p) => ({ value: p, label: t(`fulfilment.platforms.${p}`) }))}
              onChange={() => form.setFieldValue('shop_id', undefined)}
            />
          </Form.Item>
          <Form.Item
            name="shop_id"
            label={t('fulfilment.shop')}
            rules={
              platform && platform !== 'other'
                ? [{ required: true, message: t('fulfilment.shopRequired') }]
                : []
            }
          >
            <Select
              allowClear
              style={{ width: 240 }}
              options={(shops.data ?? [])
                .filter((s) => platform === 'other' || s.platform === platform)
                .map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="method_ids"
          label={t('fulfilment.methods')}
          rules={[{ required: true, type: 'array', min: 1, message: t('fulfilment.methodsRequired') }]}
        >
          <Select
            mode="multiple"
            data-testid="label-methods"
            loading={methods.isLoading}
            options={methods.data?.options ?? []}
          />
        </Form.Item>
        <Form.Item
          name="lines"
          label={t('fulfilment.lines')}
          extra={t('fulfilment.linesHint', { max: FULFILMENT_LIMITS.labelImportLines })}
          rules={[
            { required: true, message: t('fulfilment.linesRequired') },
            {
              validator: (_, v: string) =>
                lineCount(v) > FULFILMENT_LIMITS.labelImportLines
                  ? Promise.reject(
                      new Error(t('fulfilment.linesMax', { max: FULFILMENT_LIMITS.labelImportLines })),
                    )
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea rows={8} placeholder={'P2026112600001,YT1234567890'} data-testid="label-lines" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="label-submit">
          {t('fulfilment.import')}
        </Button>
      </Form>
      {result ? (
        <>
          <Space size="large">
            <Statistic
              title={t('fulfilment.success')}
              value={result.success}
              valueStyle={{ color: '#3f8600' }}
            />
            <Statistic
              title={t('fulfilment.failure')}
              value={result.failure}
              valueStyle={{ color: '#cf1322' }}
            />
          </Space>
          <Table
            rowKey="line"
            size="small"
            pagination={false}
            dataSource={result.results}
            columns={[
              { title: t('fulfilment.lineNo'), dataIndex: 'line', key: 'line', width: 70 },
              { title: t('fulfilment.col.orderNo'), dataIndex: 'order_no', key: 'o' },
              { title: t('fulfilment.col.tracking'), dataIndex: 'tracking_no', key: 'tr' },
              {
                title: t('fulfilment.result'),
                key: 'r',
                render: (_: unknown, r: LabelImportReply['results'][number]) =>
                  r.ok ? (
                    <Tag color="green">{t('fulfilment.success')}</Tag>
                  ) : (
                    <Tag color="red">{r.message}</Tag>
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}

function Records() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const buttons = usePageButtons();
  const [filter, setFilter] = useState<{
    order_no?: string;
    tracking_no?: string;
    label_status?: (typeof LABEL_STATUSES)[number];
  }>({});
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const labels = useLabels({ ...filter, ...page });
  const download = async () => {
    try {
      await downloadFile(ops.labelDownload, { body: { ids: selected } }, 'waybills.zip');
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        layout="inline"
        onFinish={(v: typeof filter) => {
          setFilter({
            order_no: v.order_no?.trim() || undefined,
            tracking_no: v.tracking_no?.trim() || undefined,
            label_status: v.label_status,
          });
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="order_no" label={t('fulfilment.col.orderNo')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="tracking_no" label={t('fulfilment.col.tracking')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="label_status" label={t('fulfilment.labelStatus')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={LABEL_STATUSES.map((s) => ({ value: s, label: t(`fulfilment.labelStatuses.${s}`) }))}
          />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {t('crud.search')}
        </Button>
      </Form>
      {buttons.has(PERMISSIONS.label.download) ? (
        <Space>
          <Button disabled={!selected.length} onClick={() => void download()} data-testid="label-download">
            {t('fulfilment.downloadLabels', { count: selected.length })}
          </Button>
          <span>{t('fulfilment.downloadHint', { max: FULFILMENT_LIMITS.labelDownload })}</span>
        </Space>
      ) : null}
      <Table<LabelRow>
        rowKey="id"
        loading={labels.isFetching}
        dataSource={labels.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as string[]).slice(0, FULFILMENT_LIMITS.labelDownload)),
        }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: labels.data?.total ?? 0,
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
        columns={[
          { title: t('fulfilment.col.orderNo'), dataIndex: 'order_no', key: 'o' },
          { title: t('fulfilment.col.tracking'), dataIndex: 'tracking_no', key: 't' },
          { title: t('fulfilment.method'), dataIndex: 'method_name', key: 'm' },
          {
            title: t('fulfilment.labelStatus'),
            key: 's',
            render: (_: unknown, r: LabelRow) => (
              <Tag color={r.label_status === 'ready' ? 'green' : 'orange'}>
                {t(`fulfilment.labelStatuses.${r.label_status}`)}
              </Tag>
            ),
          },
          { title: t('fulfilment.fileName'), dataIndex: 'file_name', key: 'f' },
          {
            title: t('fulfilment.updatedAt'),
            key: 'u',
            render: (_: unknown, r: LabelRow) => <DateTime value={r.updated_at} />,
          },
        ]}
      />
    </Space>
  );
}

function WaybillImport() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<WaybillReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useWaybillUpload();
  const send = async () => {
    setError(null);
    try {
      setResult(await upload.mutateAsync({ files, onProgress: setPercent }));
      setFiles([]);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" message={t('fulfilment.waybillHint', { max: FULFILMENT_LIMITS.waybillBatch })} />
      <Upload.Dragger
        multiple
        accept=".pdf,application/pdf"
        fileList={files.map((f, i) => ({ uid: String(i), name: f.name }))}
        beforeUpload={(_, list) => {
          setFiles(list.slice(0, FULFILMENT_LIMITS.waybillBatch));
          return false;
        }}
        onRemove={(f) => setFiles((all) => all.filter((_, i) => String(i) !== f.uid))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('fulfilment.dropWaybills')}</p>
      </Upload.Dragger>
      <Button type="primary" disabled={!files.length} loading={upload.isPending} onClick={() => void send()}>
        {t('fulfilment.upload')}
      </Button>
      {upload.isPending ? <Progress percent={percent} /> : null}
      {error ? <Alert type="error" message={error} /> : null}
      {result ? (
        <>
          <Space size="large">
            <Statistic title={t('fulfilment.success')} value={result.success} />
            <Statistic title={t('fulfilment.failure')} value={result.failure} />
          </Space>
          <Table
            rowKey="file_name"
            size="small"
            pagination={false}
            dataSource={result.results}
            columns={[
              { title: t('fulfilment.fileName'), dataIndex: 'file_name', key: 'f' },
              { title: t('fulfilment.col.tracking'), dataIndex: 'tracking_no', key: 't' },
              { title: t('fulfilment.col.orderNo'), dataIndex: 'order_no', key: 'o' },
              {
                title: t('fulfilment.result'),
                key: 'r',
                render: (_: unknown, r: WaybillReply['results'][number]) =>
                  r.ok ? (
                    <Tag color="green">{t('fulfilment.success')}</Tag>
                  ) : (
                    <Tag color="red">{r.message}</Tag>
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}

function SplitImport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState(0);
  const [split, setSplit] = useState<LabelSplit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useLabelSplit();
  const confirm = useConfirmSplit();
  const send = async (file: File) => {
    setError(null);
    try {
      setSplit(await create.mutateAsync({ file, onProgress: setPercent }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const preview = async (page: number) => {
    try {
      await downloadFile(ops.labelSplitPage, { params: { id: split!.id, page } }, `page-${page}.pdf`, 'open');
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="label-split">
      <Alert type="info" message={t('fulfilment.splitHint')} />
      <Upload.Dragger
        accept=".pdf,application/pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('fulfilment.dropSplit')}</p>
      </Upload.Dragger>
      {create.isPending ? <Progress percent={percent} /> : null}
      {error ? <Alert type="error" message={error} /> : null}
      {split ? (
        <>
          <Space>
            <span>{t('fulfilment.splitSummary', { pages: split.page_count, matched: split.matched })}</span>
            {split.status === 'pending' ? (
              <Popconfirm
                title={t('fulfilment.splitConfirm', { matched: split.matched })}
                onConfirm={() => void confirm.mutateAsync(split.id).then((r) => setSplit(r.split))}
                disabled={!split.matched}
              >
                <Button type="primary" disabled={!split.matched} loading={confirm.isPending}>
                  {t('fulfilment.saveLabels')}
                </Button>
              </Popconfirm>
            ) : (
              <Tag color="green">{t('fulfilment.splitDone')}</Tag>
            )}
          </Space>
          <Table
            rowKey="page"
            size="small"
            pagination={{ pageSize: 50 }}
            data-testid="split-pages"
            dataSource={split.pages}
            columns={[
              { title: t('fulfilment.page'), dataIndex: 'page', key: 'p', width: 70 },
              {
                title: t('fulfilment.preview'),
                key: 'v',
                width: 140,
                render: (_: unknown, p: LabelSplit['pages'][number]) => (
                  <Space>
                    {p.thumbnail_url ? (
                      <Image
                        src={p.thumbnail_url}
                        width={56}
                        alt={t('fulfilment.pageThumbnail', { page: p.page })}
                        data-testid={`split-thumb-${p.page}`}
                        style={{ border: '1px solid rgba(128,128,128,0.3)' }}
                      />
                    ) : null}
                    <Button size="small" type="link" onClick={() => void preview(p.page)}>
                      {t('fulfilment.openPdf')}
                    </Button>
                  </Space>
                ),
              },
              {
                title: t('fulfilment.trackingRead'),
                key: 't',
                render: (_: unknown, p: LabelSplit['pages'][number]) =>
                  p.tracking_no ? (
                    <Space size={4}>
                      <span>{p.tracking_no}</span>
                      {p.read_from ? <Tag>{t(`fulfilment.readFrom.${p.read_from}`)}</Tag> : null}
                    </Space>
                  ) : (
                    '-'
                  ),
              },
              {
                title: t('fulfilment.matchedOrder'),
                key: 'o',
                render: (_: unknown, p: LabelSplit['pages'][number]) =>
                  p.matched ? (
                    <Tag color="green">{p.order_no}</Tag>
                  ) : (
                    <Tag color="red">{t(`fulfilment.pageReason.${p.reason ?? 'no_tracking'}`)}</Tag>
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}
