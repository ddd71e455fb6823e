import { Button, Dropdown, Flex, Tabs, theme } from 'antd';
import { ReloadOutlined, CloseOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { closeOtherTabs, closeTab, refreshTab, useTabs } from './tabs-store.ts';
import { useMenuTitle } from './use-menu-title.ts';

/** The open admin tabs (spec §1), with close, refresh and close-others. */
export function NavTabs() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const menuTitle = useMenuTitle();
  const { tabs } = useTabs();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (tabs.length === 0) return null;
  const isActiveTab = tabs.some((tab) => tab.href === pathname);

  const onClose = (href: string) => {
    const next = closeTab(href, pathname);
    if (next !== null)
      void navigate(tabs.find((tab) => tab.href === next)?.to ?? (next || PATHS.adminDashboard));
  };

  return (
    <Flex
      data-testid="nav-tabs"
      align="center"
      gap={8}
      style={{
        padding: '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Tabs
        size="small"
        type="editable-card"
        hideAdd
        activeKey={isActiveTab ? pathname : ''}
        onChange={(href) => void navigate(tabs.find((tab) => tab.href === href)?.to ?? href)}
        onEdit={(href, action) => {
          if (action === 'remove' && typeof href === 'string') onClose(href);
        }}
        items={tabs.map((tab) => ({ key: tab.href, label: menuTitle(tab.title) }))}
        style={{ flex: 1, minWidth: 0, marginBottom: -1 }}
        tabBarStyle={{ margin: 0, paddingTop: 6 }}
      />
      <Button
        data-testid="tab-refresh"
        size="small"
        type="text"
        icon={<ReloadOutlined />}
        aria-label={t('layout.tabs.refresh')}
        title={t('layout.tabs.refresh')}
        onClick={() => refreshTab(pathname)}
      />
      <Dropdown
        menu={{
          items: [
            { key: 'close', icon: <CloseOutlined />, label: t('layout.tabs.close'), disabled: !isActiveTab },
            { key: 'others', label: t('layout.tabs.closeOthers'), disabled: !isActiveTab },
          ],
          onClick: ({ key }) => {
            if (key === 'close') onClose(pathname);
            else closeOtherTabs(pathname);
          },
        }}
      >
        <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('layout.tabs.more')} />
      </Dropdown>
    </Flex>
  );
}
