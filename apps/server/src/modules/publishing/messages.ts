import { RULE_MESSAGES } from '@pod/shared';
import { registerMessages } from '../../platform/i18n/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

const rules = (lang: 'en' | 'zh-cn') =>
  Object.fromEntries(Object.entries(RULE_MESSAGES).map(([code, text]) => [code, text[lang]]));

registerMessages({
  'zh-cn': { publishing: { ...zhCn.publishing, rule: rules('zh-cn') } },
  en: { publishing: { ...en.publishing, rule: rules('en') } },
});
