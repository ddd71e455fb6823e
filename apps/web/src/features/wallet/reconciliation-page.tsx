import { Alert, Button, Card, Flex, Result, Spin, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Reconciliation } from '@pod/shared';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useReconciliation } from './api.ts';
import { useMoney } from './wallet-fields.tsx';

type Drift = Reconciliation['drifts'][number];

/**
 * The tenant's ledger check (issue: wallet, reconciliation): every balance equals the sum of its
 * successful transactions, each `balance_before` is the previous `balance_after`, and no balance is
 * negative. Shows "0 drift" or each drift found.
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const report = useReconciliation();

  const recheck = (
    <Button
      icon={<ReloadOutlined />}
      loading={report.isFetching}
      onClick={() => void report.refetch()}
      data-testid="reconciliation-recheck"
    >
      {t('wallet.reconciliation.recheck')}
    </Button>
  );

  if (report.isPending) return <Spin />;
  if (report.isError) return <Alert type="error" showIcon title={report.error.msg} action={recheck} />;
  const { drifts } = report.data;
  const checked = t('wallet.reconciliation.checked', {
    wallets: report.data.wallets,
    transactions: report.data.transactions,
    time: formatDateTime(report.data.checked_at, currentLanguage()),
  });
  // A sequence drift compares transaction counts; the others compare money.
  const amount = (value: number | null, row: Drift) =>
    value === null ? '—' : row.kind === 'sequence' ? String(value) : money(value, row.currency);

  return (
    <Card data-testid="reconciliation-page" data-drifts={drifts.length}>
      {drifts.length === 0 ? (
        <Result
          status="success"
          title={<span data-testid="reconciliation-result">{t('wallet.reconciliation.ok')}</span>}
          subTitle={
            <Flex vertical>
              <span>{t('wallet.reconciliation.okBody')}</span>
              <span>{checked}</span>
            </Flex>
          }
          extra={recheck}
        />
      ) : (
        <Flex vertical gap={16}>
          <Result
            status="warning"
            title={
              <span data-testid="reconciliation-result">
                {t('wallet.reconciliation.drifts', { count: drifts.length })}
              </span>
            }
            subTitle={checked}
            extra={recheck}
          />
          <Table<Drift>
            rowKey={(row) => `${row.kind}:${row.wallet_id}:${row.trade_no ?? ''}`}
            size="small"
            dataSource={drifts}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'kind',
                title: t('wallet.reconciliation.col.kind'),
                render: (_, row) => t(`wallet.reconciliation.kind.${row.kind}`),
              },
              {
                key: 'wallet',
                title: t('wallet.reconciliation.col.wallet'),
                render: (_, row) => `${row.wallet_id} · ${row.currency}`,
              },
              { key: 'trade_no', dataIndex: 'trade_no', title: t('wallet.col.tradeNo') },
              {
                key: 'expected',
                title: t('wallet.reconciliation.col.expected'),
                render: (_, row) => amount(row.expected, row),
              },
              {
                key: 'actual',
                title: t('wallet.reconciliation.col.actual'),
                render: (_, row) => amount(row.actual, row),
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
