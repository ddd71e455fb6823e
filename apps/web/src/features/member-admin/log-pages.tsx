import { useState } from 'react';
import { Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../access/shared-fields.tsx';
import { useMemberLog, type MemberPurse } from './api.ts';

type Row = {
  id: string;
  username: string;
  before: number;
  after: number;
  memo: string;
  create_time: string;
} & ({ money: number } | { score: number });

function LogPage({ purse }: { purse: MemberPurse }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<{ page: number; limit: number; quickSearch?: string }>({
    page: 1,
    limit: 20,
  });
  const log = useMemberLog(purse, params);
  const show = (n: number) => (purse === 'money' ? (n / 100).toFixed(2) : String(n));
  const change = (r: Row) => ('money' in r ? r.money : r.score);
  return (
    <div data-testid={`member-${purse}-log-page`}>
      <Input.Search
        allowClear
        placeholder={t('memberAdmin.logSearch')}
        style={{ width: 280, marginBottom: 12 }}
        onSearch={(value) => setParams({ ...params, page: 1, ...(value ? { quickSearch: value } : {}) })}
      />
      <Table<Row>
        rowKey="id"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        pagination={{
          current: params.page,
          pageSize: params.limit,
          total: log.data?.total ?? 0,
          onChange: (page, limit) => setParams({ ...params, page, limit }),
        }}
        columns={[
          { key: 'username', title: t('memberAdmin.username'), dataIndex: 'username' },
          {
            key: 'change',
            title: t('memberAdmin.change'),
            render: (_, r) => {
              const n = change(r);
              return <span data-testid="member-log-change">{`${n > 0 ? '+' : ''}${show(n)}`}</span>;
            },
          },
          { key: 'before', title: t('memberAdmin.before'), render: (_, r) => show(r.before) },
          { key: 'after', title: t('memberAdmin.after'), render: (_, r) => show(r.after) },
          { key: 'memo', title: t('memberAdmin.remark'), dataIndex: 'memo' },
          { key: 'time', title: t('memberAdmin.time'), render: (_, r) => <DateTime value={r.create_time} /> },
        ]}
      />
    </div>
  );
}

export const MemberMoneyLogPage = () => <LogPage purse="money" />;
export const MemberScoreLogPage = () => <LogPage purse="score" />;
