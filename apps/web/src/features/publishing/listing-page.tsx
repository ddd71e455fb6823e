import { useState } from 'react';
import { Alert, App, Button, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Listing, type PreflightReport, type PublishJobResult } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { useListings, usePreflight, usePublishAction, usePublishJob } from './api.ts';
import { ApplyTemplateModal } from './apply-template-modal.tsx';
import { ListingForm } from './listing-form.tsx';

const STATUS_COLOR: Record<Listing['status'], string> = {
  draft: 'default',
  to_be_released: 'gold',
  in_release: 'processing',
  released: 'success',
  failed: 'error',
};

/** The publish list (spec §2): listings with their status, batch publish/unpublish with a progress bar. */
export function ListingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const buttons = usePageButtons();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Listing | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [reports, setReports] = useState<PreflightReport[] | null>(null);
  const [isApplyOpen, setApplyOpen] = useState(false);
  /** The finished product code of each listing a job ran on, for its per-listing results. */
  const [jobCodes, setJobCodes] = useState<Record<string, string>>({});
  const list = useListings({ page, limit: 20, ...(status ? { status } : {}) });
  const action = usePublishAction();
  const preflight = usePreflight();
  const job = usePublishJob(jobId);
  const result = job.data?.result as PublishJobResult | null | undefined;

  const run = async (kind: 'publish' | 'unpublish', ids: string[], codes: Record<string, string> = {}) => {
    try {
      const reply = await action.mutateAsync({ action: kind, ids });
      setJobCodes(codes);
      setJobId(reply.job_id);
    } catch (error) {
      if (error instanceof ApiError) {
        const data = error.data as { reports?: PreflightReport[] } | undefined;
        if (data?.reports) setReports(data.reports);
        void message.error(error.msg);
      }
    }
  };
  const check = async (ids: string[]) => setReports((await preflight.mutateAsync(ids)).reports);

  const rows = list.data && 'list' in list.data ? list.data.list : [];
  const codesOf = (ids: string[]) =>
    Object.fromEntries(
      rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, `${r.finished_code} · ${r.shop_name}`]),
    );
  return (
    <div data-testid="listing-page">
      <Space style={{ marginBottom: 12 }} wrap>
        {buttons.has(PERMISSIONS.publishListing.add) ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="listing-new"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('publishing.newListing')}
          </Button>
        ) : null}
        {buttons.has(PERMISSIONS.publishListing.add) ? (
          <Button onClick={() => setApplyOpen(true)} data-testid="listing-apply-template">
            {t('publishing.applyTemplate')}
          </Button>
        ) : null}
        <Select
          allowClear
          placeholder={t('publishing.status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v) => setStatus(v)}
          options={(['draft', 'to_be_released', 'in_release', 'released', 'failed'] as const).map((s) => ({
            value: s,
            label: t(`publishing.statuses.${s}`),
          }))}
        />
        <Button
          disabled={!selected.length}
          onClick={() => void check(selected)}
          data-testid="batch-preflight"
        >
          {t('publishing.preflight')}
        </Button>
        {buttons.has(PERMISSIONS.publishListing.publish) ? (
          <Button
            disabled={!selected.length}
            onClick={() => void run('publish', selected, codesOf(selected))}
            data-testid="batch-publish"
          >
            {t('publishing.batchPublish')}
          </Button>
        ) : null}
        {buttons.has(PERMISSIONS.publishListing.unpublish) ? (
          <Button
            disabled={!selected.length}
            onClick={() => void run('unpublish', selected, codesOf(selected))}
            data-testid="batch-unpublish"
          >
            {t('publishing.batchUnpublish')}
          </Button>
        ) : null}
      </Space>
      {jobId ? (
        <div style={{ marginBottom: 12 }}>
          <Progress
            percent={job.data?.progress ?? 0}
            status={
              job.data?.state === 'failed'
                ? 'exception'
                : job.data?.state === 'completed'
                  ? 'success'
                  : 'active'
            }
            data-testid="publish-progress"
            data-state={job.data?.state ?? 'queued'}
          />
          {result ? (
            <>
              <Typography.Text data-testid="publish-result">
                {t('publishing.jobResult', { succeeded: result.succeeded, failed: result.failed })}
              </Typography.Text>
              {result.failed ? (
                <ul data-testid="publish-result-failures" style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                  {result.results
                    .filter((r) => !r.ok)
                    .map((r) => (
                      <li key={r.listing_id}>
                        <Typography.Text type="danger">
                          {jobCodes[r.listing_id] ?? r.listing_id}: {r.message}
                        </Typography.Text>
                      </li>
                    ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
      <Table<Listing>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data && 'total' in list.data ? list.data.total : 0,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'code',
            title: t('publishing.finished'),
            render: (_, r) => `${r.finished_code} ${r.finished_name}`,
          },
          { key: 'shop', title: t('publishing.shop'), render: (_, r) => `${r.shop_name} (${r.platform})` },
          { key: 'title', title: t('publishing.titleEn'), render: (_, r) => r.fields.title_en },
          {
            key: 'status',
            title: t('publishing.status'),
            render: (_, r) => (
              <Tag color={STATUS_COLOR[r.status]} data-testid="listing-status" data-status={r.status}>
                {t(`publishing.statuses.${r.status}`)}
              </Tag>
            ),
          },
          {
            key: 'fail',
            title: t('publishing.failReason'),
            render: (_, r) =>
              r.fail_reason ? <Typography.Text type="danger">{r.fail_reason}</Typography.Text> : '—',
          },
          {
            key: 'product',
            title: t('publishing.externalId'),
            render: (_, r) => r.external_product_id ?? '—',
          },
          {
            key: 'published_at',
            title: t('publishing.publishedAt'),
            render: (_, r) => (r.published_at ? new Date(r.published_at).toLocaleString() : '—'),
          },
          {
            key: 'audit',
            title: t('publishing.auditStatus'),
            render: (_, r) => t(`publishing.auditStatuses.${r.audit_status}`),
          },
          {
            key: 'actions',
            title: t('publishing.actions'),
            render: (_, r) => (
              <Space size={4} wrap>
                {r.actions.includes('edit') && buttons.has(PERMISSIONS.publishListing.edit) ? (
                  <Button
                    size="small"
                    data-testid="listing-edit"
                    onClick={() => {
                      setEditing(r);
                      setFormOpen(true);
                    }}
                  >
                    {t('publishing.edit')}
                  </Button>
                ) : null}
                <Button size="small" onClick={() => void check([r.id])} data-testid="listing-preflight">
                  {t('publishing.preflight')}
                </Button>
                {(r.actions.includes('publish') || r.actions.includes('republish')) &&
                buttons.has(PERMISSIONS.publishListing.publish) ? (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => void run('publish', [r.id], codesOf([r.id]))}
                    data-testid="listing-publish"
                  >
                    {r.actions.includes('republish') ? t('publishing.republish') : t('publishing.publish')}
                  </Button>
                ) : null}
                {r.actions.includes('unpublish') && buttons.has(PERMISSIONS.publishListing.unpublish) ? (
                  <Button
                    size="small"
                    danger
                    onClick={() => void run('unpublish', [r.id], codesOf([r.id]))}
                    data-testid="listing-unpublish"
                  >
                    {t('publishing.unpublish')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ListingForm
        listing={editing}
        open={isFormOpen}
        onClose={() => setFormOpen(false)}
        onSaved={(saved, publish) => {
          setFormOpen(false);
          void message.success(t('publishing.saved'));
          if (publish) void run('publish', [saved.id], { [saved.id]: saved.finished_code });
        }}
      />
      <ApplyTemplateModal open={isApplyOpen} onClose={() => setApplyOpen(false)} />
      <Modal
        open={reports !== null}
        onCancel={() => setReports(null)}
        footer={null}
        title={t('publishing.preflightReport')}
        width={720}
      >
        <div data-testid="preflight-report">
          {(reports ?? []).map((report) => (
            <div key={report.listing_id} style={{ marginBottom: 12 }}>
              {report.ok ? <Alert type="success" title={t('publishing.preflightOk')} /> : null}
              {[...report.errors, ...report.warnings].map((f, i) => (
                <Alert
                  key={i}
                  style={{ marginTop: 4 }}
                  type={f.severity === 'error' ? 'error' : 'warning'}
                  title={`${t(`publishing.sides.${f.side}`)}: ${f.message}`}
                />
              ))}
            </div>
          ))}
        </div>
      </Modal>
    </div>
  );
}
