import type zhCn from './locales/zh-cn.json';

// Typed keys: t('no.such.key') is a compile error (CONVENTIONS §15).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCn };
  }
}
