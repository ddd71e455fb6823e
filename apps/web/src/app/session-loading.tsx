import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../api/api-error.ts';

/** The loading screen's face (spec §2 "loading/:to?"): a spinner, or the failure with a retry. */
export function SessionLoading({
  error,
  isRetrying,
  onRetry,
  loginPath,
}: {
  error: ApiError | null;
  isRetrying: boolean;
  onRetry: () => void;
  loginPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!error) {
    return (
      <Flex data-testid="session-loading" align="center" justify="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" description={t('app.loadingSession')} />
      </Flex>
    );
  }
  return (
    <Result
      data-testid="session-load-error"
      status="warning"
      title={t('app.sessionLoadFailed')}
      subTitle={error.msg}
      extra={[
        <Button key="retry" type="primary" loading={isRetrying} onClick={onRetry}>
          {t('app.retry')}
        </Button>,
        <Button key="login" onClick={() => void navigate(loginPath)}>
          {t('auth.goLogin')}
        </Button>,
      ]}
    />
  );
}
