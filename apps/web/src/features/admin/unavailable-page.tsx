import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';

/**
 * An admin page the spec names but that is not built yet (e.g. /admin/product/list). It says so
 * plainly instead of showing an empty imitation of the page.
 */
export function UnavailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="admin-unavailable"
      status="info"
      title={t('admin.unavailable.title')}
      subTitle={t('admin.unavailable.body', { path: pathname })}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.adminDashboard)}>
          {t('admin.unavailable.backToDashboard')}
        </Button>
      }
    />
  );
}
