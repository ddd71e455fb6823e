import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@pod/shared';
import { currentLanguage } from '../i18n/i18n.ts';
import { switchLanguage } from '../i18n/language.ts';

/** Interface language choice; choosing stores it and reloads the page (spec §1). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Segmented<Language>
      data-testid="lang-switch"
      aria-label={t('language.label')}
      value={currentLanguage()}
      options={[
        { value: 'zh-cn', label: t('language.zhCn') },
        { value: 'en', label: t('language.en') },
      ]}
      onChange={switchLanguage}
    />
  );
}
