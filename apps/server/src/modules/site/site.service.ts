import type { SiteInfo } from '@pod/shared';
import { CURRENCIES, LANGUAGES, LIMITS } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { tenantForHost } from '../tenancy/index.ts';

export interface SiteDefaults {
  siteName: string;
  version: string;
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
  const name = tenant?.name ?? defaults.siteName;
  return {
    name,
    supplier_name: tenant?.name ?? '',
    supplier_logo: '',
    favicon: '',
    website_title: name,
    website_keywords: '',
    website_description: '',
    domain_icp: '',
    template_flag: 'default',
    contact: '',
    mobile: '',
    email: '',
    address: '',
    about_us: '',
    user_type: tenant ? 'supplier' : 'platform',
    version: defaults.version,
    languages: [...LANGUAGES],
    currencies: [...CURRENCIES],
    upload: {
      mode: 'local',
      maxSize: LIMITS.materialUploadBytes,
      allowedSuffixes: ['jpg', 'jpeg', 'png'],
      allowedMimeTypes: ['image/jpeg', 'image/png'],
    },
  };
}
