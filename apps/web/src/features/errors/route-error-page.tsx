import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** Shown when rendering a route throws; replaces react-router's untranslated default screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle('route.error', undefined);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Result
      status="500"
      title={t('route.error')}
      subTitle={t('errors.unexpected')}
      // A full load rather than client navigation: the app state that crashed is not trusted.
      extra={
        <Button type="primary" href="/">
          {t('app.backHome')}
        </Button>
      }
    />
  );
}
