import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { LibraryTab } from './library-tab.tsx';
import { MaterialManager } from './material-manager.tsx';

/**
 * The material library page (menu component `materials/library`, spec §2). Suppliers and the
 * platform manage their official library; merchants manage their own and also browse everything
 * they may design with.
 */
export function MaterialLibraryPage() {
  const { t } = useTranslation();
  const { user } = useAdminSession();
  if (user.tier !== 'merchant')
    return (
      <div data-testid="material-library-page">
        <MaterialManager />
      </div>
    );
  return (
    <Tabs
      data-testid="material-library-page"
      defaultActiveKey="mine"
      items={[
        { key: 'mine', label: t('materials.tabs.mine'), children: <MaterialManager /> },
        { key: 'library', label: t('materials.tabs.library'), children: <LibraryTab /> },
      ]}
    />
  );
}
