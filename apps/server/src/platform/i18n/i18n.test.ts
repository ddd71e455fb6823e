import { describe, expect, it } from 'vitest';
import { parseLanguage } from '@pod/shared';
// Importing the modules registers every module's messages.
import '../../modules/index.ts';
import { serverCatalogues, t } from './i18n.ts';

const flatten = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v ? flatten(v as object, `${p}${k}.`) : [`${p}${k}`],
  );

describe('server i18n', () => {
  it('zh-cn and en have the same keys and no empty message', () => {
    const zh = flatten(serverCatalogues['zh-cn']).sort();
    const en = flatten(serverCatalogues.en).sort();
    expect(en).toEqual(zh);
    for (const lang of ['zh-cn', 'en'] as const)
      for (const key of zh) expect(t(lang, key).trim(), key).not.toBe('');
  });

  it('fills placeholders and falls back to the key when a message is missing', () => {
    expect(t('en', 'validation.required', { field: 'phone' })).toBe('Please enter phone');
    expect(t('zh-cn', 'validation.required', { field: '手机号' })).toBe('请输入手机号');
    expect(t('en', 'no.such.key')).toBe('no.such.key');
  });

  it('reads Accept-Language: en variants are English, everything else zh-cn', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('en-GB,en;q=0.8')).toBe('en');
    expect(parseLanguage('zh-CN,zh;q=0.9')).toBe('zh-cn');
    expect(parseLanguage('de')).toBe('zh-cn');
    expect(parseLanguage(undefined)).toBe('zh-cn');
  });
});
