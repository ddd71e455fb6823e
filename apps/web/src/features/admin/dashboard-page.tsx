import { Alert, Card, Col, Descriptions, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useSite } from '../site/site-context.ts';
import { useDashboard } from './api.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { greetingKey } from './greeting.ts';
import { SyncHealthCard } from '../sync/health-badge.tsx';
import { HomeFigures } from './dashboard-figures.tsx';

/**
 * /admin/dashboard: a greeting by the hour (spec §9 bands), the tier's home figures (issue 26), the
 * organisation's counts and the account.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const site = useSite();
  const { user } = useAdminSession();
  const greeting = t(greetingKey(new Date().getHours()));
  const language = currentLanguage();
  const dashboard = useDashboard();
  const counts = dashboard.data?.counts;
  const stats = counts
    ? ([
        ['staff', counts.staff],
        ['roles', counts.roles],
        ['departments', counts.departments],
        ['merchants', counts.merchants],
        ['members', counts.members],
        ['writes_today', counts.writes_today],
      ] as const)
    : [];

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Card>
        <Typography.Title data-testid="dashboard-greeting" level={3} style={{ marginTop: 0 }}>
          {t('admin.dashboard.hello', { greeting, name: user.nickname || user.username })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('admin.dashboard.welcome', { site: site.name })}
        </Typography.Text>
      </Card>
      <HomeFigures />
      <Card title={t('admin.dashboard.counts')} loading={dashboard.isPending}>
        {dashboard.isError ? (
          <Alert type="error" showIcon title={dashboard.error.msg} />
        ) : (
          <Row gutter={[16, 16]} data-testid="dashboard-counts">
            {stats.map(([key, value]) =>
              // Counts that do not apply to the tier (merchants of a merchant) are null and left out.
              value === null ? null : (
                <Col key={key} xs={12} md={8}>
                  <Statistic title={t(`admin.dashboard.count.${key}`)} value={value} />
                </Col>
              ),
            )}
          </Row>
        )}
      </Card>
      <SyncHealthCard />
      <Card title={t('admin.dashboard.account')}>
        <Descriptions
          data-testid="dashboard-account"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'username', label: fieldLabel('username'), children: user.username },
            { key: 'nickname', label: fieldLabel('nickname'), children: user.nickname || '—' },
            {
              key: 'tier',
              label: t('admin.dashboard.tier'),
              children: <Tag color="blue">{t(`admin.tier.${user.tier}`)}</Tag>,
            },
            {
              key: 'type',
              label: t('admin.dashboard.accountType'),
              children: user.is_primary ? t('admin.accountType.primary') : t('admin.accountType.staff'),
            },
            ...(user.merchant
              ? [
                  // A factory account's organisation is its factory, with a factory number (issue 26).
                  {
                    key: 'merchant',
                    label: t(
                      user.tier === 'factory' ? 'admin.dashboard.factory' : 'admin.dashboard.merchant',
                    ),
                    children: user.merchant.name,
                  },
                  {
                    key: 'merchantNumber',
                    label:
                      user.tier === 'factory'
                        ? t('admin.dashboard.factoryNumber')
                        : fieldLabel('merchantNumber'),
                    children: user.merchant.number,
                  },
                ]
              : []),
            {
              key: 'lastLogin',
              label: t('admin.dashboard.lastLogin'),
              children: user.last_login_time
                ? formatDateTime(user.last_login_time, language)
                : t('admin.dashboard.firstLogin'),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
