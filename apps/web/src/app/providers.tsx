import { useState, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LAYOUT } from '@pod/shared';
import { ANTD_LOCALES } from '../i18n/antd-locale.ts';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { createQueryClient } from './query-client.ts';

const HEADER_HEIGHT = LAYOUT.headerHeights[0];

/** Translation, antd locale and theme, and the query cache, around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={ANTD_LOCALES[currentLanguage()]}
        theme={{
          // spec §1: the start-up sets the light theme.
          algorithm: theme.defaultAlgorithm,
          components: {
            // spec §9: header height 70 (the first of the layout modes' header heights).
            Layout: { headerBg: '#ffffff', headerHeight: HEADER_HEIGHT, headerPadding: '0 24px' },
          },
        }}
      >
        <AntdApp>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
