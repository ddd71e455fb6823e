import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  PERMISSIONS,
  SYNC_CHANNELS,
  type ShopPlatform,
  type SyncChannel,
  type SyncHealth,
  type SyncRecord,
  type SyncRecordListQuery,
} from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import { isJobOver, useJob } from '../designs/api.ts';
import { JobProgress } from '../designs/finished/job-progress.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { useRefreshSync, useSaveSyncDays, useSyncHealth, useSyncNow, useSyncRecords } from './api.ts';
import { SyncHealthBadge } from './health-badge.tsx';

/** "Sync now" with the job's progress bar below it; the lists refresh when it ends. */
function SyncNowButton({ shop }: { shop: SyncHealth }) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const syncNow = useSyncNow();
  const job = useJob(jobId);
  const refresh = useRefreshSync();
  const over = isJobOver(job.data);
  useEffect(() => {
    if (over) void refresh();
    // Refresh once when the job ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [over]);
  const running = jobId !== null && !over;
  return (
    <Space direction="vertical" size={4} style={{ minWidth: 140 }}>
      <Button
        size="small"
        icon={<SyncOutlined spin={running} />}
        disabled={shop.state === 'off' || running}
        loading={syncNow.isPending}
        data-testid="sync-now"
        onClick={() => syncNow.mutate(shop.shop_id, { onSuccess: (reply) => setJobId(reply.job_id) })}
      >
        {t('sync.syncNow')}
      </Button>
      {jobId ? <JobProgress job={job.data} testId="sync-progress" /> : null}
    </Space>
  );
}

/** spec §5 "order sync days" for one shop, saved on its own. */
function SyncDays({ shop, editable }: { shop: SyncHealth; editable: boolean }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number | null>(shop.sync_days);
  const save = useSaveSyncDays();
  if (!editable || shop.platform === 'other') return <span>{t('sync.days', { count: shop.sync_days })}</span>;
  const { min, max } = LIMITS.orderSyncDays;
  const valid = days !== null && Number.isInteger(days) && days >= min && days <= max;
  return (
    <Space direction="vertical" size={2}>
      <Space.Compact size="small">
        <InputNumber
          min={min}
          max={max}
          precision={0}
          value={days}
          onChange={(v) => setDays(v)}
          status={valid ? undefined : 'error'}
          addonAfter={t('sync.daysUnit')}
          style={{ width: 110 }}
          data-testid="sync-days"
        />
        <Button
          icon={<SaveOutlined />}
          disabled={!valid || days === shop.sync_days}
          loading={save.isPending}
          onClick={() => valid && save.mutate({ shopId: shop.shop_id, syncDays: days })}
          aria-label={t('sync.saveDays')}
          data-testid="sync-days-save"
        />
      </Space.Compact>
      {valid ? null : (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('sync.daysRange', { min, max })}
        </Typography.Text>
      )}
    </Space>
  );
}

function Window({ from, to }: { from: string | null; to: string | null }) {
  if (!from || !to) return null;
  return (
    <small style={{ opacity: 0.65 }}>
      <DateTime value={from} /> → <DateTime value={to} />
    </small>
  );
}

/** Every shop's sync health, settings and "sync now" (issue 20 sync health). */
function ShopHealthTable() {
  const { t } = useTranslation();
  const buttons = usePageButtons();
  const health = useSyncHealth();
  return (
    <Card title={t('sync.shops')} data-testid="sync-shops">
      <Table<SyncHealth>
        rowKey="shop_id"
        size="small"
        loading={health.isPending}
        dataSource={health.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('sync.noShops') }}
        columns={[
          {
            key: 'shop',
            title: t('sync.col.shop'),
            render: (_, h) => (
              <Space direction="vertical" size={0}>
                <span>{h.shop_name}</span>
                <Tag>{t(`shops.platform.${h.platform as ShopPlatform}`)}</Tag>
              </Space>
            ),
          },
          { key: 'state', title: t('sync.col.state'), render: (_, h) => <SyncHealthBadge health={h} /> },
          {
            key: 'webhook',
            title: t('sync.col.lastWebhook'),
            render: (_, h) => <DateTime value={h.last_webhook_at} />,
          },
          {
            key: 'poll',
            title: t('sync.col.lastPoll'),
            render: (_, h) => (
              <Space direction="vertical" size={0}>
                <DateTime value={h.last_poll_at} />
                <Window from={h.last_poll_from} to={h.last_poll_to} />
                {h.last_poll_error ? (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {h.last_poll_error}
                  </Typography.Text>
                ) : h.last_poll_at ? (
                  <small style={{ opacity: 0.65 }}>
                    {t('sync.pollOrders', { count: h.last_poll_orders })}
                  </small>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'gaps',
            title: t('sync.col.gaps'),
            render: (_, h) => (
              <span data-testid="sync-gaps">
                {h.gaps ? <Typography.Text type="warning">{h.gaps}</Typography.Text> : 0}
              </span>
            ),
          },
          { key: 'refused', title: t('sync.col.refused'), dataIndex: 'refused_webhooks' },
          {
            key: 'token',
            title: t('sync.col.tokenExpires'),
            render: (_, h) => <DateTime value={h.token_expires_at} />,
          },
          { key: 'merged', title: t('sync.col.merged'), dataIndex: 'merged_orders' },
          {
            key: 'days',
            title: t('sync.col.syncDays'),
            render: (_, h) => <SyncDays shop={h} editable={buttons.has(PERMISSIONS.orderSync.edit)} />,
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            fixed: 'right',
            render: (_, h) => (buttons.has(PERMISSIONS.orderSync.sync) ? <SyncNowButton shop={h} /> : null),
          },
        ]}
      />
    </Card>
  );
}

interface Filters {
  shop_id?: string;
  channel?: SyncChannel;
  third_party_order_no?: string;
  gaps?: boolean;
}

/** The order sync records (spec §3: id, sync message, time, third-party order), newest first. */
function RecordTable() {
  const { t } = useTranslation();
  const health = useSyncHealth();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pagination.defaultPageSize);
  const query: SyncRecordListQuery = {
    page,
    limit,
    ...(filters.shop_id ? { shop_id: filters.shop_id } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(filters.third_party_order_no?.trim()
      ? { third_party_order_no: filters.third_party_order_no.trim() }
      : {}),
    ...(filters.gaps ? { gaps: 'true' as const } : {}),
  };
  const records = useSyncRecords(query);
  return (
    <Card title={t('sync.records')} data-testid="sync-records">
      <Form<Filters>
        layout="inline"
        onFinish={(values) => {
          setFilters(values);
          setPage(1);
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="shop_id" label={t('sync.col.shop')}>
          <Select
            allowClear
            placeholder={t('crud.all')}
            style={{ width: 180 }}
            options={(health.data?.list ?? []).map((h) => ({ value: h.shop_id, label: h.shop_name }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('sync.col.channel')}>
          <Select
            allowClear
            placeholder={t('crud.all')}
            style={{ width: 140 }}
            options={SYNC_CHANNELS.map((value) => ({ value, label: t(`sync.channel.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="third_party_order_no" label={t('sync.col.order')}>
          <Input allowClear maxLength={LIMITS.text.search} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="gaps" valuePropName="checked">
          <Checkbox data-testid="sync-gaps-only">{t('sync.gapsOnly')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('crud.search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<SyncRecord>
        rowKey="id"
        size="small"
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: t('sync.noRecords') }}
        pagination={{
          current: page,
          pageSize: limit,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
        columns={[
          { key: 'id', title: t('sync.col.id'), render: (_, r) => <small>{r.id.slice(0, 8)}</small> },
          {
            key: 'time',
            title: t('sync.col.time'),
            render: (_, r) => <DateTime value={r.created_at} />,
          },
          { key: 'shop', title: t('sync.col.shop'), dataIndex: 'shop_name' },
          {
            key: 'order',
            title: t('sync.col.order'),
            render: (_, r) => r.third_party_order_no || '—',
          },
          {
            key: 'channel',
            title: t('sync.col.channel'),
            render: (_, r) => <Tag>{t(`sync.channel.${r.channel}`)}</Tag>,
          },
          {
            key: 'outcome',
            title: t('sync.col.outcome'),
            render: (_, r) => (
              <Space size={4}>
                <Tag color={OUTCOME_COLOURS[r.outcome]}>{t(`sync.outcome.${r.outcome}`)}</Tag>
                {r.gap ? <Tag color="orange">{t('sync.gapTag')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'message', title: t('sync.col.message'), dataIndex: 'message' },
        ]}
      />
    </Card>
  );
}

const OUTCOME_COLOURS: Record<SyncRecord['outcome'], string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'default',
  stale: 'purple',
  failed: 'red',
  run: 'cyan',
};

/** /admin/order/sync: marketplace order sync — shops' health and settings, "sync now", records. */
export function SyncRecordsPage() {
  return (
    <Flex vertical gap={16} data-testid="sync-page">
      <ShopHealthTable />
      <RecordTable />
    </Flex>
  );
}
