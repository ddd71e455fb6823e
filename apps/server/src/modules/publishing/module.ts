import { PUBLISH_JOBS } from '@pod/shared';
import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { MENUS } from './menus.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { failUnqueued, publishOne, runBatch, unpublishOne, type PublishJobData } from './publish.service.ts';
import { publishingRoutes } from './publishing.routes.ts';
import { ATTACHMENT_REFERENCES } from '../admin/index.ts';
import { publishingAttachmentUses } from './attachment-uses.ts';

/** Publishing: listings to TikTok Shop and Temu, templates, preflight and batch jobs (issue 23). */
export const publishingModule: ModuleDescriptor<AppServices> = {
  name: 'publishing',
  dependsOn: ['access', 'tenancy', 'admin', 'designs', 'shops', 'orders'],
  switchable: true,
  tables,
  resources: [
    { name: 'publishListing', owner: 'merchant' },
    { name: 'publishTemplate', owner: 'merchant' },
  ],
  menus: MENUS,
  provides: [ATTACHMENT_REFERENCES.provide('publishing', publishingAttachmentUses)],
  jobs: (services) => {
    // A batch is not retried whole: each listing's outcome is in its row and the job's result,
    // and a failed listing is republished by the merchant (idempotently).
    services.jobs.define<PublishJobData>({
      name: PUBLISH_JOBS.publish,
      retryLimit: 0,
      expireInSeconds: 60 * 60,
      handler: (run) => runBatch(services, run.data, publishOne, (p) => run.progress(p)),
      // Publishing switched off before the batch ran (decision 0059): its listings are not left
      // waiting; they fail with the reason and can be published again once it is back on.
      onSkipped: ({ data }) =>
        failUnqueued(
          services,
          { tenantId: data.tenant_id, merchantId: data.merchant_id },
          data.listing_ids,
          t(data.lang, 'publishing.switchedOff'),
        ),
    });
    services.jobs.define<PublishJobData>({
      name: PUBLISH_JOBS.unpublish,
      retryLimit: 0,
      expireInSeconds: 60 * 60,
      handler: (run) => runBatch(services, run.data, unpublishOne, (p) => run.progress(p)),
    });
  },
  routes: publishingRoutes,
};
