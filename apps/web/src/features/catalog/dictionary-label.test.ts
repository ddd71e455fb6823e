import { describe, expect, it } from 'vitest';
import { dictionaryLabel, dictionaryOptionLabel } from './dictionary-label.ts';

describe('dictionary labels (issue 26)', () => {
  const apparel = { value: 'apparel', label: '服装', en_label: 'Apparel' };

  it('reads the label of the interface language, else the other one, else the value', () => {
    expect(dictionaryLabel(apparel, 'en')).toBe('Apparel');
    expect(dictionaryLabel(apparel, 'zh-cn')).toBe('服装');
    expect(dictionaryLabel({ ...apparel, en_label: '' }, 'en')).toBe('服装');
    expect(dictionaryLabel({ ...apparel, label: '' }, 'zh-cn')).toBe('Apparel');
    expect(dictionaryLabel({ value: 'all', label: '', en_label: '' }, 'en')).toBe('all');
  });

  it('suggests an entry as its label with the stored value, or the value alone', () => {
    expect(dictionaryOptionLabel(apparel, 'en')).toBe('Apparel (apparel)');
    expect(dictionaryOptionLabel(apparel, 'zh-cn')).toBe('服装 (apparel)');
    expect(dictionaryOptionLabel({ value: 'DTG', label: 'DTG', en_label: '' }, 'en')).toBe('DTG');
  });
});
