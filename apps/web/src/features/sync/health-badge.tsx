import { Badge, Card, Col, Row, Space, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SyncHealth, SyncHealthState } from '@pod/shared';
import { useCanSeeSync, useSyncHealth } from './api.ts';

const COLOURS: Record<SyncHealthState, string> = {
  green: '#52c41a',
  amber: '#faad14',
  red: '#ff4d4f',
  off: '#d9d9d9',
};

/** A shop's red / amber / green sync state, its reasons on hover (decision 0052). */
export function SyncHealthBadge({ health }: { health: Pick<SyncHealth, 'state' | 'reasons'> | undefined }) {
  const { t } = useTranslation();
  if (!health) return <span>—</span>;
  const badge = (
    <span data-testid="sync-health" data-state={health.state}>
      <Badge color={COLOURS[health.state]} text={t(`sync.state.${health.state}`)} />
    </span>
  );
  if (!health.reasons.length) return badge;
  return <Tooltip title={health.reasons.map((r) => t(`sync.reason.${r}`)).join('；')}>{badge}</Tooltip>;
}

/** The shops page's sync column: each shop's badge, when the user may see sync health. */
export function useShopSyncHealth(): { enabled: boolean; of(shopId: string): SyncHealth | undefined } {
  const enabled = useCanSeeSync();
  const health = useSyncHealth(enabled);
  const byId = new Map((health.data?.list ?? []).map((h) => [h.shop_id, h]));
  return { enabled, of: (shopId) => byId.get(shopId) };
}

/** The dashboard's card: how many shops are red, amber, green, linking to the sync page. */
export function SyncHealthCard() {
  const { t } = useTranslation();
  const enabled = useCanSeeSync();
  const health = useSyncHealth(enabled);
  if (!enabled) return null;
  const counts = health.data?.counts;
  const synced = counts ? counts.green + counts.amber + counts.red : 0;
  return (
    <Card
      title={t('sync.dashboard.title')}
      loading={health.isPending}
      extra={<Link to="/admin/order/sync">{t('sync.dashboard.open')}</Link>}
      data-testid="sync-health-card"
    >
      {health.isError ? (
        <Typography.Text type="danger">{health.error.msg}</Typography.Text>
      ) : !synced ? (
        <Typography.Text type="secondary" data-testid="sync-health-empty">
          {t('sync.dashboard.empty')}
        </Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Row gutter={[16, 16]}>
            {(['red', 'amber', 'green'] as const).map((state) => (
              <Col key={state} xs={8}>
                <Statistic
                  title={<Badge color={COLOURS[state]} text={t(`sync.state.${state}`)} />}
                  value={counts?.[state] ?? 0}
                  valueStyle={{ color: state === 'green' ? undefined : COLOURS[state] }}
                />
              </Col>
            ))}
          </Row>
          {health.data?.list
            .filter((h) => h.state === 'red' || h.state === 'amber')
            .map((h) => (
              <Space key={h.shop_id}>
                <SyncHealthBadge health={h} />
                <span>{h.shop_name}</span>
                <Typography.Text type="secondary">
                  {h.reasons.map((r) => t(`sync.reason.${r}`)).join('；')}
                </Typography.Text>
              </Space>
            ))}
        </Space>
      )}
    </Card>
  );
}
