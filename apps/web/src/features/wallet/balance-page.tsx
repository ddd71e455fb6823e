import { Alert, Button, Card, Col, Flex, Row, Space, Statistic, Typography } from 'antd';
import { MoneyCollectOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WALLET_CURRENCIES, type WalletCurrency, PERMISSIONS } from '@pod/shared';
import { useBalances } from './api.ts';
import { CURRENCY_SYMBOLS } from './money-format.ts';
import { rechargeHref, useMenuLink, useMoney } from './wallet-fields.tsx';

/** spec §2 Balance: the balance per currency, with recharge and withdrawal at hand. */
export function BalancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const balances = useBalances();
  const recharge = useMenuLink('wallet/recharge');
  const withdrawal = useMenuLink('wallet/withdrawal');
  const transactions = useMenuLink('wallet/transaction');
  const canRecharge = recharge?.buttons.has(PERMISSIONS.walletRecharge.add) ?? false;
  const canWithdraw = withdrawal?.buttons.has(PERMISSIONS.walletWithdrawal.add) ?? false;
  const of = (currency: WalletCurrency) =>
    balances.data?.list.find((b) => b.currency === currency) ?? { currency, balance: 0, held: 0 };

  if (balances.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={balances.error.msg}
        action={
          <Button size="small" onClick={() => void balances.refetch()}>
            {t('app.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="wallet-balance-page">
      <Row gutter={[16, 16]}>
        {WALLET_CURRENCIES.map((currency) => {
          const balance = of(currency);
          return (
            <Col key={currency} xs={24} md={12}>
              <Card loading={balances.isPending} data-testid={`wallet-balance-${currency}`}>
                <Statistic
                  title={`${t('wallet.balance.available')} · ${t(`wallet.currency.${currency}`)}`}
                  value={balance.balance / 100}
                  precision={2}
                  prefix={CURRENCY_SYMBOLS[currency]}
                  styles={{ content: { fontVariantNumeric: 'tabular-nums' } }}
                />
                <Typography.Text type="secondary" data-testid="wallet-held">
                  {t('wallet.balance.held', { amount: money(balance.held, currency) })}
                </Typography.Text>
                <Space wrap style={{ marginTop: 16, display: 'flex' }}>
                  {canRecharge ? (
                    <Button
                      type="primary"
                      icon={<PlusOutlined />}
                      data-testid={`wallet-recharge-${currency}`}
                      onClick={() => void navigate(rechargeHref('transfer', currency))}
                    >
                      {t('wallet.balance.recharge')}
                    </Button>
                  ) : null}
                  {canWithdraw && withdrawal ? (
                    <Button
                      icon={<MoneyCollectOutlined />}
                      data-testid={`wallet-withdraw-${currency}`}
                      onClick={() => void navigate(`${withdrawal.href}?currency=${currency}`)}
                    >
                      {t('wallet.balance.withdraw')}
                    </Button>
                  ) : null}
                  {transactions ? (
                    <Button
                      type="link"
                      icon={<UnorderedListOutlined />}
                      onClick={() => void navigate(transactions.href)}
                    >
                      {t('wallet.balance.transactions')}
                    </Button>
                  ) : null}
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Typography.Text type="secondary">{t('wallet.balance.hint')}</Typography.Text>
    </Flex>
  );
}
