import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPORT_STATUSES, LIMITS, PERMISSIONS, type ExportRecord } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { downloadExport, useDeleteExport, useExportRecords, useRetryExport } from './api.ts';
import { ExportProgress } from './export-progress.tsx';

const STATUS_COLOR: Record<ExportRecord['status'], string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
};

/** Milliseconds as seconds with one decimal (the export's duration). */
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/**
 * The export records (spec §2 back-office "export records", §3 Export record): every field, a
 * progress bar while running, download, the error log of a failed export, retry and delete.
 */
export function ExportRecordsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = currentLanguage();
  const buttons = usePageButtons();
  const [params, setParams] = useState<QueryParams>({ page: 1, limit: LIMITS.pagination.defaultPageSize });
  const [errorLog, setErrorLog] = useState<ExportRecord | null>(null);
  const records = useExportRecords(params);
  const retry = useRetryExport();
  const remove = useDeleteExport();
  const time = (iso: string | null) => (iso ? formatDateTime(iso, language) : '—');

  const download = async (id: string) => {
    await downloadExport(id);
    void message.success(t('exports.downloadStarted'));
    void records.refetch();
  };

  return (
    <Flex vertical gap={16} data-testid="export-records-page">
      <Card size="small">
        <Form
          layout="inline"
          onFinish={(values: { status?: string }) => setParams({ ...params, page: 1, status: values.status })}
        >
          <Form.Item name="status" label={t('exports.col.status')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('crud.all')}
              options={EXPORT_STATUSES.map((value) => ({ value, label: t(`exports.status.${value}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('crud.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        <Table<ExportRecord>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={records.isFetching && !records.data}
          dataSource={records.data?.list ?? []}
          onRow={(row) => ({ 'data-testid': 'export-record', 'data-status': row.status }) as object}
          pagination={{
            current: Number(params.page ?? 1),
            pageSize: Number(params.limit ?? LIMITS.pagination.defaultPageSize),
            total: records.data?.total ?? 0,
            showTotal: (count) => t('crud.total', { count }),
            onChange: (page, limit) => setParams({ ...params, page, limit }),
          }}
          columns={[
            { key: 'code', title: t('exports.col.code'), dataIndex: 'code' },
            { key: 'page', title: t('exports.col.page'), dataIndex: 'page_title' },
            { key: 'type', title: t('exports.col.type'), render: (_, r) => r.type.toUpperCase() },
            {
              key: 'filters',
              title: t('exports.col.filters'),
              render: (_, r) => {
                const entries = Object.entries(r.filters);
                return entries.length ? (
                  <Typography.Text style={{ maxWidth: 220 }} ellipsis={{ tooltip: true }}>
                    {entries
                      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                      .join('; ')}
                  </Typography.Text>
                ) : (
                  t('crud.all')
                );
              },
            },
            {
              key: 'counts',
              title: t('exports.col.counts'),
              render: (_, r) => `${r.actual_count ?? '—'} / ${r.estimated_count}`,
            },
            {
              key: 'status',
              title: t('exports.col.status'),
              render: (_, r) =>
                r.status === 'running' || r.status === 'queued' ? (
                  <ExportProgress record={r} testId="export-record-progress" />
                ) : (
                  <Tag color={STATUS_COLOR[r.status]}>{t(`exports.status.${r.status}`)}</Tag>
                ),
            },
            {
              key: 'download_status',
              title: t('exports.col.downloadStatus'),
              render: (_, r) => t(`exports.downloadStatus.${r.download_status}`),
            },
            { key: 'duration', title: t('exports.col.duration'), render: (_, r) => seconds(r.duration_ms) },
            { key: 'created_at', title: t('exports.col.createdAt'), render: (_, r) => time(r.created_at) },
            { key: 'finished_at', title: t('exports.col.finishedAt'), render: (_, r) => time(r.finished_at) },
            { key: 'account', title: t('exports.col.account'), dataIndex: 'account' },
            {
              key: 'downloaded_at',
              title: t('exports.col.downloadedAt'),
              render: (_, r) => time(r.downloaded_at),
            },
            {
              key: 'actions',
              title: t('crud.actions'),
              fixed: 'right',
              render: (_, r) => (
                <Space size={4}>
                  {r.status === 'completed' ? (
                    <Button
                      size="small"
                      type="link"
                      data-testid="export-record-download"
                      onClick={() => void download(r.id)}
                    >
                      {t('exports.download')}
                    </Button>
                  ) : null}
                  {r.status === 'failed' ? (
                    <>
                      <Button
                        size="small"
                        type="link"
                        data-testid="export-record-error"
                        onClick={() => setErrorLog(r)}
                      >
                        {t('exports.errorLog')}
                      </Button>
                      <Button
                        size="small"
                        type="link"
                        data-testid="export-record-retry"
                        loading={retry.isPending && retry.variables === r.id}
                        onClick={() => retry.mutate(r.id)}
                      >
                        {t('exports.retry')}
                      </Button>
                    </>
                  ) : null}
                  {buttons.has(PERMISSIONS.exportRecord.del) ? (
                    <Popconfirm
                      title={t('exports.deleteConfirm')}
                      okText={t('crud.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('app.cancel')}
                      onConfirm={() => remove.mutate(r.id)}
                    >
                      <Button size="small" type="link" danger data-testid="export-record-delete">
                        {t('crud.delete')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={errorLog !== null}
        title={t('exports.errorLog')}
        footer={null}
        onCancel={() => setErrorLog(null)}
      >
        <Typography.Paragraph data-testid="export-error-log" style={{ whiteSpace: 'pre-wrap' }}>
          {errorLog?.error_log}
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
