import { Alert, Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Health } from '@pod/shared';
import { useHealth } from './api.ts';

function HealthDetails({ health }: { health: Health }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      items={[
        {
          key: 'status',
          label: t('home.status.title'),
          children: (
            <Tag data-testid="health-status" color="success" icon={<CheckCircleOutlined />}>
              {t('home.status.ok')}
            </Tag>
          ),
        },
        {
          key: 'database',
          label: t('home.status.database'),
          children: t(`home.database.${health.database}`),
        },
        { key: 'version', label: t('home.status.version'), children: health.version },
      ]}
    />
  );
}

/** The server's health from GET /api/health, with a refresh action. */
export function HealthCard() {
  const { t } = useTranslation();
  const health = useHealth();
  return (
    <Card
      title={t('home.status.title')}
      extra={
        <Button
          type="text"
          icon={<ReloadOutlined />}
          aria-label={t('app.retry')}
          loading={health.isFetching}
          onClick={() => void health.refetch()}
        />
      }
    >
      {health.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : health.isError ? (
        <Alert
          data-testid="health-status"
          type="error"
          showIcon
          title={t('home.status.unavailable')}
          description={health.error.msg}
        />
      ) : (
        <HealthDetails health={health.data} />
      )}
    </Card>
  );
}
