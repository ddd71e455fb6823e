import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  ORDER_IMPORT_LIMITS,
  ORDER_IMPORT_PLATFORMS,
  ORDER_IMPORT_STATUSES,
  PERMISSIONS,
  shopOperations,
  type OrderImportRecord,
} from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import type { QueryParams } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCrudList } from '../crud/api.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import {
  downloadFailedRows,
  downloadTemplate,
  isImportOver,
  useImportRecord,
  useImportRecords,
  useStartImport,
} from './api.ts';

type Platform = (typeof ORDER_IMPORT_PLATFORMS)[number];

const STATUS_COLOR: Record<OrderImportRecord['status'], string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
};
const RESULT_COLOR: Record<NonNullable<OrderImportRecord['result']>, string> = {
  success: 'success',
  partial: 'warning',
  failed: 'error',
};

/** An import's progress: active while it runs, green when done, red when it failed. */
function ImportProgress({ record, testId }: { record: OrderImportRecord | undefined; testId?: string }) {
  const status =
    record?.status === 'failed' ? 'exception' : record?.status === 'completed' ? 'success' : 'active';
  return (
    <Progress
      percent={record?.progress ?? 0}
      status={status}
      size="small"
      style={{ minWidth: 140, margin: 0 }}
      data-testid={testId}
      data-status={record?.status ?? 'queued'}
    />
  );
}

/**
 * Order import (spec §2 "import with import records and failed-order download", issue 20): pick
 * the platform and shop, upload an .xlsx (the platform's template, a TikTok Shop or Temu export),
 * follow the job's progress, and see every import's record with its failed rows to download.
 */
export function OrderImportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = currentLanguage();
  const buttons = usePageButtons();
  const [platform, setPlatform] = useState<Platform>('tiktok');
  const [shopId, setShopId] = useState<string | undefined>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const [params, setParams] = useState<QueryParams>({ page: 1, limit: LIMITS.pagination.defaultPageSize });
  const shops = useCrudList(shopOperations.shop, { platform, limit: LIMITS.pagination.maxPageSize, page: 1 });
  const records = useImportRecords(params);
  const record = useImportRecord(current);
  const start = useStartImport();
  const time = (iso: string | null) => (iso ? formatDateTime(iso, language) : '—');
  const canImport = buttons.has(PERMISSIONS.orderImport.add);

  const failed = async (r: OrderImportRecord) => {
    try {
      await downloadFailedRows(r);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.msg : String(error));
    }
  };

  const submit = async () => {
    const file = files[0]?.originFileObj;
    if (!file || !shopId) return;
    const made = await start.mutateAsync({ file, platform, shopId });
    setCurrent(made.id);
    setFiles([]);
    void message.success(t('intake.started'));
  };

  const shown = record.data;
  return (
    <Flex vertical gap={16} data-testid="order-import-page">
      {canImport ? (
        <Card size="small" title={t('intake.title')}>
          <Form layout="vertical" style={{ maxWidth: 640 }} onFinish={() => void submit()}>
            <Form.Item label={t('intake.platform')} required>
              <Select
                data-testid="import-platform"
                value={platform}
                onChange={(value: Platform) => {
                  setPlatform(value);
                  setShopId(undefined);
                }}
                options={ORDER_IMPORT_PLATFORMS.map((value) => ({
                  value,
                  label: t(`intake.platforms.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('intake.shop')} required>
              <Select
                data-testid="import-shop"
                value={shopId}
                onChange={setShopId}
                placeholder={t('intake.pickShop')}
                loading={shops.isFetching}
                notFoundContent={t('intake.noShops')}
                options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
            <Form.Item
              label={t('intake.file')}
              required
              extra={t('intake.fileHint', { max: ORDER_IMPORT_LIMITS.maxRows })}
            >
              <Upload
                accept=".xlsx"
                maxCount={1}
                fileList={files}
                beforeUpload={() => false}
                onChange={({ fileList }) => setFiles(fileList.slice(-1))}
                data-testid="import-file"
              >
                <Button icon={<UploadOutlined />}>{t('intake.chooseFile')}</Button>
              </Upload>
            </Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                data-testid="import-submit"
                disabled={!shopId || !files.length}
                loading={start.isPending}
              >
                {t('intake.import')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                data-testid="import-template"
                onClick={() => void downloadTemplate(language === 'en' ? 'en' : 'zh-cn')}
              >
                {t('intake.template')}
              </Button>
            </Space>
          </Form>
          {shown ? (
            <Flex vertical gap={8} style={{ marginTop: 16, maxWidth: 640 }} data-testid="import-current">
              <Typography.Text>
                {t('intake.currentImport', { code: shown.code, file: shown.file_name })}
              </Typography.Text>
              <ImportProgress record={shown} testId="import-progress" />
              {isImportOver(shown) ? (
                <Typography.Text data-testid="import-summary">
                  {shown.error ??
                    t('intake.summary', {
                      orders: shown.order_count,
                      created: shown.created_count,
                      skipped: shown.skipped_count,
                      failed: shown.failed_order_count,
                      rows: shown.failed_row_count,
                    })}
                </Typography.Text>
              ) : null}
              {shown.has_failed_rows ? (
                <Button
                  style={{ alignSelf: 'flex-start' }}
                  icon={<DownloadOutlined />}
                  data-testid="import-current-failed"
                  onClick={() => void failed(shown)}
                >
                  {t('intake.failedRows')}
                </Button>
              ) : null}
            </Flex>
          ) : null}
        </Card>
      ) : null}
      <Card
        size="small"
        title={t('intake.records')}
        extra={<ExportButton page="order/import" filters={{ status: params.status }} />}
      >
        <Form
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(values: { status?: string }) => setParams({ ...params, page: 1, status: values.status })}
        >
          <Form.Item name="status" label={t('intake.col.status')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('crud.all')}
              options={ORDER_IMPORT_STATUSES.map((value) => ({ value, label: t(`intake.status.${value}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('crud.search')}
            </Button>
          </Form.Item>
        </Form>
        <Table<OrderImportRecord>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={records.isFetching && !records.data}
          dataSource={records.data?.list ?? []}
          locale={{ emptyText: t('intake.empty') }}
          onRow={(row) => ({ 'data-testid': 'import-record', 'data-status': row.status }) as object}
          pagination={{
            current: Number(params.page ?? 1),
            pageSize: Number(params.limit ?? LIMITS.pagination.defaultPageSize),
            total: records.data?.total ?? 0,
            showTotal: (count) => t('crud.total', { count }),
            onChange: (page, limit) => setParams({ ...params, page, limit }),
          }}
          columns={[
            { key: 'code', title: t('intake.col.code'), dataIndex: 'code' },
            {
              key: 'platform',
              title: t('intake.col.platform'),
              render: (_, r) => t(`intake.platforms.${r.platform}`),
            },
            { key: 'shop', title: t('intake.col.shop'), dataIndex: 'shop_name' },
            { key: 'file', title: t('intake.col.file'), dataIndex: 'file_name' },
            { key: 'orders', title: t('intake.col.orders'), dataIndex: 'order_count' },
            { key: 'created', title: t('intake.col.created'), dataIndex: 'created_count' },
            { key: 'skipped', title: t('intake.col.skipped'), dataIndex: 'skipped_count' },
            { key: 'failed', title: t('intake.col.failed'), dataIndex: 'failed_order_count' },
            {
              key: 'result',
              title: t('intake.col.result'),
              render: (_, r) =>
                r.result ? <Tag color={RESULT_COLOR[r.result]}>{t(`intake.result.${r.result}`)}</Tag> : '—',
            },
            {
              key: 'status',
              title: t('intake.col.status'),
              render: (_, r) =>
                isImportOver(r) ? (
                  <Tag color={STATUS_COLOR[r.status]} title={r.error ?? undefined}>
                    {t(`intake.status.${r.status}`)}
                  </Tag>
                ) : (
                  <ImportProgress record={r} testId="import-record-progress" />
                ),
            },
            { key: 'account', title: t('intake.col.account'), dataIndex: 'created_by_name' },
            { key: 'created_at', title: t('intake.col.time'), render: (_, r) => time(r.created_at) },
            {
              key: 'actions',
              title: t('crud.actions'),
              fixed: 'right',
              render: (_, r) =>
                r.has_failed_rows ? (
                  <Button
                    size="small"
                    type="link"
                    data-testid="import-record-failed"
                    onClick={() => void failed(r)}
                  >
                    {t('intake.failedRows')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
