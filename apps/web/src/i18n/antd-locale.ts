import type { ConfigProviderProps } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { Language } from '@pod/shared';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/** antd's built-in texts follow the interface language (spec §1). */
export const ANTD_LOCALES: Record<Language, Locale> = {
  'zh-cn': zhCN,
  en: enUS,
};
