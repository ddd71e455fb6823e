import { PUBLISH_JOBS } from '@pod/shared';
import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { MENUS } from './menus.ts';
import { publishOne, runBatch, unpublishOne, type PublishJobData } from './publish.service.ts';
import { publishingRoutes } from './publishing.routes.ts';

/** Publishing: listings to TikTok Shop and Temu, templates, preflight and batch jobs (issue 23). */
export const publishingModule: ModuleDescriptor<AppServices> = {
  name: 'publishing',
  dependsOn: ['access', 'tenancy', 'admin', 'designs', 'shops'],
  switchable: true,
  tables,
  resources: [
    { name: 'publishListing', owner: 'merchant' },
    { name: 'publishTemplate', owner: 'merchant' },
  ],
  menus: MENUS,
  jobs: (services) => {
    // A batch is not retried whole: each listing's outcome is in its row and the job's result,
    // and a failed listing is republished by the merchant (idempotently).
    services.jobs.define<PublishJobData>({
      name: PUBLISH_JOBS.publish,
      retryLimit: 0,
      expireInSeconds: 60 * 60,
      handler: (run) => runBatch(services, run.data, publishOne, (p) => run.progress(p)),
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
