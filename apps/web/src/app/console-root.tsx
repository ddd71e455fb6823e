import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { LAYOUT } from '@pod/shared';
import { addConsoleStrings } from '../i18n/console-strings.ts';
import { ANTD_LOCALES } from '../i18n/antd-locale.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useReducedMotion } from './reduced-motion.ts';
import { ShellLayout } from './shell-layout.tsx';

// The back office's texts join the public ones before any console page renders.
addConsoleStrings();

const HEADER_HEIGHT = LAYOUT.headerHeights[0];

/**
 * antd's locale and theme (spec §1: the start-up sets the light theme); no animations for a user
 * whose system asks for less motion (decision 0090).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[currentLanguage()]}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { motion: !reducedMotion },
        components: {
          // spec §9: header height 70 (the first of the layout modes' header heights).
          Layout: { headerBg: '#ffffff', headerHeight: HEADER_HEIGHT, headerPadding: '0 24px' },
        },
      }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/**
 * The root of the console: sign-in and register pages, the agreement, error pages, the admin area
 * and the member centre. Loaded on first visit of one of them, so the storefront never loads antd.
 */
export function ConsoleRoot() {
  return (
    <AntdProviders>
      <ShellLayout />
    </AntdProviders>
  );
}
