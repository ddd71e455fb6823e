import { useEffect, useRef } from 'react';
import { Alert, Flex, Modal, Progress, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTrackingJob, useTrackingSync } from './api.ts';
import { rowsOf, type ResultRow } from './sync-results.ts';

const COLOURS: Record<string, string> = {
  shipped: 'success',
  already_synced: 'success',
  queued: 'processing',
  pending: 'processing',
  sending: 'processing',
  retrying: 'warning',
  failed: 'error',
  not_marketplace: 'default',
  no_shop: 'default',
};

export function TrackingStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status] ?? 'default'} data-testid="tracking-status" data-status={status}>
      {t(`tracking.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/**
 * "Sync status" of the selected orders (spec §4): starts the push job, shows its progress, then
 * the outcome per order (shipped on the marketplace, or why not). The spec's refusals ("unshipped
 * orders cannot be synced", "no orders to sync") come back as the request's message.
 */
export function SyncStatusDialog({ orderIds, onClose }: { orderIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const sync = useTrackingSync();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    sync.mutate(orderIds);
  }, [orderIds, sync]);
  const reply = sync.data ?? null;
  const job = useTrackingJob(reply?.job_id ?? null);
  const result = job.data?.result ?? null;

  return (
    <Modal
      open
      title={t('tracking.sync.title', { count: orderIds.length })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('tracking.sync.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="tracking-sync-dialog">
        {sync.isPending ? <Spin /> : null}
        {sync.isError ? (
          <Alert type="error" showIcon title={sync.error.msg} data-testid="tracking-sync-error" />
        ) : null}
        {reply?.job_id ? (
          <Progress
            percent={job.data?.progress ?? 0}
            status={
              job.data?.state === 'failed'
                ? 'exception'
                : job.data?.state === 'completed'
                  ? 'success'
                  : 'active'
            }
            size="small"
            data-testid="tracking-sync-progress"
            data-state={job.data?.state ?? 'created'}
          />
        ) : null}
        {reply ? (
          <>
            {result ? (
              <Typography.Text data-testid="tracking-sync-summary">
                {t('tracking.sync.summary', {
                  succeeded: result.succeeded,
                  failed: result.failed,
                  retrying: result.retrying,
                })}
              </Typography.Text>
            ) : null}
            <Table<ResultRow>
              rowKey="order_id"
              size="small"
              pagination={false}
              dataSource={rowsOf(reply, result)}
              columns={[
                { key: 'order_no', dataIndex: 'order_no', title: t('orders.col.orderNo') },
                {
                  key: 'status',
                  title: t('tracking.col.state'),
                  render: (_, row) => <TrackingStatusTag status={row.status} />,
                },
                {
                  key: 'message',
                  title: t('tracking.col.message'),
                  render: (_, row) => row.message ?? '—',
                },
              ]}
            />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
