import { useState } from 'react';
import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.ts';
import { LOG_PAGE_SIZE, useBalanceLog, useIntegralLog } from './api.ts';
import { MoneyLogTable, ScoreLogTable } from './log-tables.tsx';

function LoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('member.loadFailed')}
      description={error.msg}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}

function usePaging() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pagination = (total: number) => ({
    current: page,
    pageSize: LOG_PAGE_SIZE,
    total,
    showSizeChanger: false,
    hideOnSinglePage: true,
    showTotal: (count: number) => t('member.log.total', { count }),
    onChange: setPage,
  });
  return { page, pagination };
}

/** /user/account/balance: the money log, paged. */
export function BalancePage() {
  const { t } = useTranslation();
  const { page, pagination } = usePaging();
  const log = useBalanceLog(page);
  return (
    <Card title={t('route.userBalance')}>
      {log.isError ? <LoadError error={log.error} onRetry={() => void log.refetch()} /> : null}
      <MoneyLogTable
        testId="balance-log"
        rows={log.data?.list ?? []}
        loading={log.isFetching}
        pagination={pagination(log.data?.total ?? 0)}
      />
    </Card>
  );
}

/** /user/account/integral: the score log, paged. */
export function IntegralPage() {
  const { t } = useTranslation();
  const { page, pagination } = usePaging();
  const log = useIntegralLog(page);
  return (
    <Card title={t('route.userIntegral')}>
      {log.isError ? <LoadError error={log.error} onRetry={() => void log.refetch()} /> : null}
      <ScoreLogTable
        testId="integral-log"
        rows={log.data?.list ?? []}
        loading={log.isFetching}
        pagination={pagination(log.data?.total ?? 0)}
      />
    </Card>
  );
}
