import type { SiteInfo } from '@pod/shared';
import { CURRENCIES, LANGUAGES, LIMITS } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { tenantForHost } from '../tenancy/index.ts';
import { effectiveConfig } from './config.service.ts';

export interface SiteDefaults {
  siteName: string;
  version: string;
  captcha: boolean;
}

/**
 * Site info for the shell and the admin store. A host that is a supplier's domain gets that
 * supplier's name; any other host gets the platform's own site.
 */
export async function siteInfoForHost(
  tx: Executor,
  host: string | undefined,
  defaults: SiteDefaults,
): Promise<SiteInfo> {
  const tenant = await tenantForHost(tx, host);
  const c = await effectiveConfig(tx, tenant?.id ?? null, tenant?.name ?? defaults.siteName);
  const text = (key: string) => (typeof c[key] === 'string' ? c[key] : '');
  const list = (key: string) => (Array.isArray(c[key]) ? (c[key] as string[]) : []);
  const name = text('site.name') || defaults.siteName;
  return {
    name,
    supplier_name: tenant?.name ?? '',
    supplier_logo: '',
    favicon: '',
    website_title: name,
    website_keywords: text('site.keywords'),
    website_description: text('site.description'),
    domain_icp: text('site.recordNumber'),
    template_flag: 'default',
    contact: text('site.contact'),
    mobile: text('site.mobile'),
    email: text('site.email'),
    address: text('site.address'),
    about_us: text('site.aboutUs'),
    user_type: tenant ? 'supplier' : 'platform',
    version: defaults.version,
    languages: [...LANGUAGES],
    currencies: [...CURRENCIES],
    captcha: defaults.captcha && tenant?.verifyMode !== 'off',
    upload: {
      mode: text('upload.mode') || 'local',
      maxSize: typeof c['upload.maxSize'] === 'number' ? c['upload.maxSize'] : LIMITS.materialUploadBytes,
      allowedSuffixes: list('upload.allowedSuffixes'),
      allowedMimeTypes: list('upload.allowedMimeTypes'),
    },
  };
}
