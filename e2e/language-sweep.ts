import type { Page } from 'playwright-core';

/*
 * The two-language sweep (issue 26): every text a page shows is in the interface language, except
 * user data. What counts as user data is read from the API replies the page received: a string
 * the API returned is the user's own (a name, an address, a remark) — unless the same object also
 * carries its translation (`en_name` beside `name`), in which case showing the other language is a
 * finding. Brand names, units and codes are allowed by shape (see `isAllowedLatin`).
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+/g;
const LATIN_WORD = /[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]/g;

/** Names shown as they are in both languages (brands, products, formats). */
const BRANDS = new Set(
  [
    'PodSupply',
    'TikTok',
    'Temu',
    'Alipay',
    'Shopify',
    'Amazon',
    'Excel',
    'YunExpress',
    'DHL',
    'FedEx',
    'UPS',
    'USPS',
    'OpenAPI',
    'Swagger',
    'English',
    'Chrome',
    'Noto',
    'Sans',
    'Serif',
    'SC',
    'WeChat',
    'QQ',
    'Google',
    'Github',
    'GitHub',
    'Shop',
    // Technical terms Chinese interfaces write in Latin letters.
    'Webhook',
  ].map((b) => b.toLowerCase()),
);

/** Units and file formats written in Latin letters in Chinese too. */
const UNITS = new Set(
  [
    'px',
    'mm',
    'cm',
    'm',
    'kg',
    'g',
    'kb',
    'mb',
    'gb',
    'tb',
    'dpi',
    'ppi',
    'pdf',
    'png',
    'jpg',
    'jpeg',
    'svg',
    'webp',
    'xlsx',
    'xls',
    'csv',
    'zip',
    'x',
    'pcs',
    'ms',
    's',
    'h',
    'd',
    'vs',
  ].map((u) => u.toLowerCase()),
);

/** A Latin word allowed in Chinese: an acronym or code (USD, SKU, PO), a brand or a unit. */
export function isAllowedLatin(word: string): boolean {
  if (/^[A-Z]{2,}$/.test(word)) return true;
  return BRANDS.has(word.toLowerCase()) || UNITS.has(word.toLowerCase());
}

/** Strings of API replies: those that are user data, and those that had a translation beside them. */
export interface ApiStrings {
  user: Set<string>;
  translated: Set<string>;
}

/** Fields holding a code a user chose (`value` of a dictionary entry, `article_no`…). */
const CODE_KEY = /^(value|code)$|_(code|no|number)$/;

export function collectStrings(value: unknown, into: ApiStrings): void {
  if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(record)) {
      if (typeof v === 'string') {
        const camel = `en${key.charAt(0).toUpperCase()}${key.slice(1)}`;
        const translation = record[`en_${key}`] ?? record[`${key}_en`] ?? record[camel];
        if (typeof translation === 'string' && translation.trim() && translation !== v)
          into.translated.add(v);
        // An enum-like value (`not_exported`, `pending`) is a key the page must translate, not user
        // data; a code someone typed (a dictionary value, a number) is theirs, whatever its shape.
        else if (!/^[a-z]+(_[a-z]+)+$/.test(v) || CODE_KEY.test(key)) into.user.add(v);
      } else collectStrings(v, into);
    }
  }
}

/**
 * Records every JSON API reply of a page (call before navigating). `read()` resolves once every
 * reply received so far has been read: a page's texts are checked against all of its replies, not
 * only those whose bodies happened to arrive first.
 */
export function watchApi(page: Page): ApiStrings & { read(): Promise<void> } {
  const strings: ApiStrings = { user: new Set(), translated: new Set() };
  const reading = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (!response.url().includes('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const body: Promise<void> = response
      .json()
      .then((json: unknown) => collectStrings(json, strings))
      .catch(() => undefined)
      .finally(() => reading.delete(body));
    reading.add(body);
  });
  return {
    ...strings,
    read: async () => {
      while (reading.size) await Promise.all([...reading]);
    },
  };
}

/** The visible texts of the page: text nodes, placeholders and titles. */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) =>
      !!el &&
      !el.closest('script,style,noscript,[hidden],[aria-hidden="true"]') &&
      el.getClientRects().length > 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // Text marked as written in another language than the page's (`lang` on an element: a name
    // shown in both languages where it is edited) is data in that language, not the interface.
    const pageLanguage = document.documentElement.lang.toLowerCase();
    const ownLanguage = (el: Element | null) => {
      const marked = el?.closest('[lang]')?.getAttribute('lang')?.toLowerCase();
      return !marked || marked === pageLanguage || marked.split('-')[0] === pageLanguage.split('-')[0];
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && visible(node.parentElement) && ownLanguage(node.parentElement)) out.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder]'))
      if (visible(el)) out.push(el.getAttribute('placeholder') ?? '');
    return out.filter(Boolean);
  });
}

const isUserData = (text: string, strings: ApiStrings): boolean =>
  [...strings.user].some((s) => s.includes(text) || (text.length > 3 && text.includes(s) && s.length > 1));

/** The texts of the page in the other script than the interface language's, user data aside. */
export function otherScript(texts: string[], language: 'zh-cn' | 'en', strings: ApiStrings): string[] {
  const findings = new Set<string>();
  for (const text of texts) {
    if (language === 'en') {
      for (const run of text.match(CJK) ?? []) {
        if (/^[\u3000-\u303f\uff00-\uffef]+$/.test(run)) continue;
        if (run === '中文' || run === '简体中文') continue;
        // The whole text must be (part of) what the API returned, not merely share a few characters.
        if (strings.translated.has(text) || !isUserData(text, strings)) findings.add(text.slice(0, 80));
      }
    } else {
      // A setting written as code (`NODE_ENV=development`) or a media type (`image/png`) is code
      // in either language.
      const code = text.replace(/\b[A-Z][A-Z0-9_]*=[\w.-]+/g, ' ').replace(/\b[a-z]+\/[a-z0-9.+-]+\b/g, ' ');
      for (const word of code.match(LATIN_WORD) ?? []) {
        if (isAllowedLatin(word) || isUserData(word, strings)) continue;
        findings.add(text.slice(0, 80));
      }
    }
  }
  return [...findings];
}
