import type ZhCn from './locales/zh-cn.json';
import type En from './locales/en.json';
// As text: the public pages import the files' public sections by name (i18n.ts), and a second
// import of the same module would pull the whole files into their code.
import zhCnText from './locales/zh-cn.json?raw';
import enText from './locales/en.json?raw';
import { i18n } from './i18n.ts';

// Typed against zh-cn so a key missing from en.json fails the typecheck (CONVENTIONS §15).
const isEnComplete: (en: typeof En) => typeof ZhCn = (en) => en;

/**
 * Adds every section (the back office's too) to the i18n instance. The console's root calls this
 * before its pages render; the storefront never loads it (docs/decisions/0022).
 */
export function addConsoleStrings(): void {
  i18n.addResourceBundle('zh-cn', 'translation', JSON.parse(zhCnText) as typeof ZhCn, true, false);
  i18n.addResourceBundle('en', 'translation', isEnComplete(JSON.parse(enText) as typeof En), true, false);
}
