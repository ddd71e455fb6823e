import { DEFAULT_LANGUAGE, type Language } from '@pod/shared';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

export type Catalogue = { [key: string]: string | Catalogue };
export type Catalogues = Record<Language, Catalogue>;

const catalogues: Catalogues = { 'zh-cn': structuredClone(zhCn), en: structuredClone(en) };

function merge(target: Catalogue, source: Catalogue, path: string): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'string') {
      if (existing !== undefined) throw new Error(`i18n key ${path}${key} defined twice`);
      target[key] = value;
    } else {
      if (typeof existing === 'string')
        throw new Error(`i18n key ${path}${key} is both a message and a group`);
      const group = existing ?? {};
      target[key] = group;
      merge(group, value, `${path}${key}.`);
    }
  }
}

/** Adds a module's messages (its own locales/*.json) to the server catalogue. */
export function registerMessages(messages: Catalogues): void {
  merge(catalogues['zh-cn'], messages['zh-cn'], '');
  merge(catalogues.en, messages.en, '');
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the key exists in the default catalogue (used to name fields when a label exists). */
export function hasMessage(key: string): boolean {
  return lookup(catalogues[DEFAULT_LANGUAGE], key) !== undefined;
}

/**
 * Renders an i18n key in the caller's language, falling back to zh-cn and then to the key
 * itself, and fills `{{name}}` placeholders from params.
 */
export function t(
  lang: Language,
  key: string,
  params: Record<string, string | number | { t: string }> = {},
): string {
  const template = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANGUAGE], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? t(lang, value.t) : String(value);
  });
}

export const serverCatalogues: Readonly<Catalogues> = catalogues;
