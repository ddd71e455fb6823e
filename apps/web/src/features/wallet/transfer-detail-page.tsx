import { Alert, Button, Card, Flex, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTransfer } from './api.ts';
import { TransferDescriptions } from './wallet-details.tsx';
import { rechargeHref, useMenuLink } from './wallet-fields.tsx';

/** spec §2 Balance: transfer detail (`/admin/transferDetail?id=`), the merchant's own request. */
export function TransferDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const transfer = useTransfer('merchant', id);
  const recharge = useMenuLink('wallet/recharge');

  let body;
  if (!id) body = <Result status="404" title={t('wallet.transfer.missing')} />;
  else if (transfer.isPending) body = <Spin />;
  else if (transfer.isError) body = <Alert type="error" showIcon title={transfer.error.msg} />;
  else body = <TransferDescriptions transfer={transfer.data} showMerchant={false} />;

  return (
    <Card
      data-testid="transfer-detail-page"
      title={t('route.transferDetail')}
      extra={
        <Flex gap={8}>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate(recharge ? recharge.href : rechargeHref('transfer'))}
          >
            {t('wallet.transfer.back')}
          </Button>
        </Flex>
      }
    >
      {body}
    </Card>
  );
}
