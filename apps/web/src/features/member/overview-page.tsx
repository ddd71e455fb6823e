import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Row,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinorUnits } from '../../i18n/format.ts';
import { useMemberOverview } from './api.ts';
import { MoneyLogTable, ScoreLogTable } from './log-tables.tsx';

/** /user/account/overview: balance, score, account facts and the latest changes. */
export function OverviewPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const overview = useMemberOverview();
  const language = currentLanguage();

  if (overview.isPending) return <Skeleton active />;
  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('member.loadFailed')}
        description={overview.error.msg}
        action={
          <Button size="small" onClick={() => void overview.refetch()}>
            {t('app.retry')}
          </Button>
        }
      />
    );
  }
  const { userInfo, recent_money: recentMoney, recent_score: recentScore } = overview.data;
  return (
    <Flex data-testid="member-overview" vertical gap={16}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <Avatar size={64} src={userInfo.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {userInfo.nickname || userInfo.username}
            </Typography.Title>
            <Typography.Text type="secondary">{userInfo.motto || t('member.noMotto')}</Typography.Text>
          </div>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Card>
            <Statistic title={t('member.balance')} value={formatMinorUnits(userInfo.money, language)} />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card>
            <Statistic title={t('member.score')} value={userInfo.score} />
          </Card>
        </Col>
      </Row>
      <Card title={t('member.account')}>
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'username', label: fieldLabel('username'), children: userInfo.username },
            { key: 'mobile', label: fieldLabel('mobile'), children: userInfo.mobile || '—' },
            { key: 'email', label: fieldLabel('email'), children: userInfo.email || '—' },
            {
              key: 'join',
              label: t('member.joinTime'),
              children: formatDateTime(userInfo.join_time, language),
            },
            {
              key: 'lastLogin',
              label: t('member.lastLogin'),
              children: userInfo.last_login_time
                ? `${formatDateTime(userInfo.last_login_time, language)}${userInfo.last_login_ip ? ` (${userInfo.last_login_ip})` : ''}`
                : '—',
            },
          ]}
        />
      </Card>
      <Card title={t('member.recentMoney')}>
        <MoneyLogTable rows={recentMoney} />
      </Card>
      <Card title={t('member.recentScore')}>
        <ScoreLogTable rows={recentScore} />
      </Card>
    </Flex>
  );
}
