import { Button, Card, Descriptions, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { PATHS } from '../../app/paths.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { completeShopAuthorisation, shopKeys } from './api.ts';

type Platform = 'tiktok' | 'temu';

/**
 * Where the seller lands back from the marketplace's authorisation page (spec §2
 * `/thirdparty/tiktokshopapi/tkRedirect`, and Temu's): the code and the signed state go to the
 * server, which exchanges the code and marks the shop authorised. The state is single-use, so the
 * exchange is made once per state, whatever the page's re-renders.
 */
function OauthLandingPage({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const exchange = useQuery({
    queryKey: [...shopKeys.all, 'oauth', platform, state ?? ''],
    queryFn: () => completeShopAuthorisation({ platform, code: code ?? '', state: state ?? '' }),
    enabled: Boolean(code && state && !denied),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const back = (
    <Link to={PATHS.adminShopList} key="back">
      <Button type="primary" data-testid="oauth-back">
        {t('shops.backToShops')}
      </Button>
    </Link>
  );
  const title = t(`shops.platform.${platform}`);

  if (denied || !code || !state)
    return (
      <Result
        status="warning"
        data-testid="oauth-result"
        data-result="cancelled"
        title={t('shops.oauthCancelled', { platform: title })}
        subTitle={t('shops.oauthCancelledHint')}
        extra={[back]}
      />
    );
  if (exchange.isPending)
    return (
      <Card style={{ maxWidth: 560, margin: '48px auto', textAlign: 'center' }}>
        <Spin />
        <p style={{ marginTop: 16 }}>{t('shops.oauthWorking', { platform: title })}</p>
      </Card>
    );
  if (exchange.error)
    return (
      <Result
        status="error"
        data-testid="oauth-result"
        data-result="error"
        title={t('shops.oauthFailed')}
        subTitle={exchange.error instanceof ApiError ? exchange.error.msg : t('request.unknownError')}
        extra={[back]}
      />
    );
  const done = exchange.data;
  return (
    <Result
      status="success"
      data-testid="oauth-result"
      data-result="success"
      title={t('shops.oauthDone', { name: done.shop_name })}
      subTitle={
        <Descriptions column={1} size="small" style={{ maxWidth: 420, margin: '0 auto' }}>
          <Descriptions.Item label={t('shops.platformLabel')}>{title}</Descriptions.Item>
          <Descriptions.Item label={t('shops.authorisation')}>
            {t(`shops.slot.${done.slot}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('shops.seller')}>{done.seller_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('shops.expiry')}>
            <DateTime value={done.auth_expires_at} />
          </Descriptions.Item>
        </Descriptions>
      }
      extra={[back]}
    />
  );
}

export function TikTokRedirectPage() {
  return <OauthLandingPage platform="tiktok" />;
}

export function TemuRedirectPage() {
  return <OauthLandingPage platform="temu" />;
}
