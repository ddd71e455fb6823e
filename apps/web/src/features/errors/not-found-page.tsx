import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './back-home-button.tsx';

/** spec §2 "/404": page not found; every unknown path lands here. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="not-found"
      status="404"
      title={t('route.notFound')}
      subTitle={t('errors.notFound')}
      extra={<BackHomeButton />}
    />
  );
}
