import { registerMessages } from '../../platform/i18n/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

registerMessages({ 'zh-cn': zhCn, en });
