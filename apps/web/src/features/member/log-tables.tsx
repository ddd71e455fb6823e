import { Empty, Table, Typography, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberMoneyLog, MemberScoreLog } from '@pod/shared';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinorUnits } from '../../i18n/format.ts';

type MoneyRow = MemberMoneyLog;
type ScoreRow = MemberScoreLog;

function signed(text: string, isCredit: boolean) {
  return (
    <Typography.Text type={isCredit ? 'success' : 'danger'}>{isCredit ? `+${text}` : text}</Typography.Text>
  );
}

interface TableProps<T> {
  rows: T[];
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
  testId?: string;
}

/** Balance changes (amounts in minor units, docs/decisions/0005), with an empty state. */
export function MoneyLogTable({ rows, loading, pagination = false, testId }: TableProps<MoneyRow>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (value: number) => formatMinorUnits(value, language);
  return (
    <Table<MoneyRow>
      data-testid={testId}
      rowKey="id"
      size="middle"
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 640 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('member.log.emptyMoney')} />,
      }}
      columns={[
        {
          key: 'change',
          title: t('member.log.change'),
          render: (_, row) => signed(money(row.money), row.money >= 0),
        },
        { key: 'before', title: t('member.log.before'), render: (_, row) => money(row.before) },
        { key: 'after', title: t('member.log.after'), render: (_, row) => money(row.after) },
        { key: 'memo', title: t('member.log.memo'), dataIndex: 'memo' },
        {
          key: 'time',
          title: t('member.log.time'),
          render: (_, row) => formatDateTime(row.create_time, language),
        },
      ]}
    />
  );
}

/** Score changes, with an empty state. */
export function ScoreLogTable({ rows, loading, pagination = false, testId }: TableProps<ScoreRow>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Table<ScoreRow>
      data-testid={testId}
      rowKey="id"
      size="middle"
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 640 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('member.log.emptyScore')} />,
      }}
      columns={[
        {
          key: 'change',
          title: t('member.log.change'),
          render: (_, row) => signed(String(row.score), row.score >= 0),
        },
        { key: 'before', title: t('member.log.before'), dataIndex: 'before' },
        { key: 'after', title: t('member.log.after'), dataIndex: 'after' },
        { key: 'memo', title: t('member.log.memo'), dataIndex: 'memo' },
        {
          key: 'time',
          title: t('member.log.time'),
          render: (_, row) => formatDateTime(row.create_time, language),
        },
      ]}
    />
  );
}
