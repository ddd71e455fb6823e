import { DEFAULT_LANGUAGE, type Language } from '@pod/shared';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

type Catalogue = { [key: string]: string | Catalogue };

const catalogues: Record<Language, Catalogue> = { 'zh-cn': zhCn, en };

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
export function t(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANGUAGE], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export const serverCatalogues = catalogues;
