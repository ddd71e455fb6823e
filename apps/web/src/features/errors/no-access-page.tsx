import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './back-home-button.tsx';

/** spec §2 "/401": a user without rights is sent here. */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="no-access"
      // antd has no 401 illustration; 403 is the "no access" one.
      status="403"
      title={t('route.noAccess')}
      subTitle={t('errors.noAccess')}
      extra={<BackHomeButton />}
    />
  );
}
