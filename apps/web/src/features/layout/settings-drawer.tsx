import { Drawer, Flex, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAYOUT_MODES, updateLayoutSettings, useLayoutSettings } from './layout-settings.ts';

/** Layout settings (spec §1): the four layout modes, dark theme and the menu's collapse, live and stored. */
export function SettingsDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useLayoutSettings();
  return (
    <Drawer title={t('layout.settings.title')} open={isOpen} onClose={onClose} size={320}>
      <Flex vertical gap={24} data-testid="layout-settings-drawer">
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('layout.settings.mode')}</Typography.Text>
          <Radio.Group
            value={settings.mode}
            onChange={(event) => updateLayoutSettings({ mode: event.target.value as typeof settings.mode })}
            optionType="button"
            buttonStyle="solid"
            options={LAYOUT_MODES.map((mode) => ({
              value: mode,
              label: <span data-testid={`layout-mode-${mode}`}>{t(`layout.mode.${mode}`)}</span>,
            }))}
          />
        </Flex>
        <Flex justify="space-between" align="center">
          <Typography.Text>{t('layout.settings.dark')}</Typography.Text>
          <Switch
            data-testid="layout-dark"
            checked={settings.isDark}
            onChange={(isDark) => updateLayoutSettings({ isDark })}
          />
        </Flex>
        <Flex justify="space-between" align="center">
          <Typography.Text>{t('layout.settings.collapse')}</Typography.Text>
          <Switch
            data-testid="layout-collapse"
            checked={settings.isMenuCollapsed}
            onChange={(isMenuCollapsed) => updateLayoutSettings({ isMenuCollapsed })}
            disabled={settings.mode === 'Streamline'}
          />
        </Flex>
      </Flex>
    </Drawer>
  );
}
