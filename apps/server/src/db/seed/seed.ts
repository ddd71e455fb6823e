import type { AppServices } from '../../services.ts';
import { findAdminUserByUsername } from '../../modules/access/index.ts';
import { DEMO_THUMBNAILS_JOB, type DemoThumbnailsData } from './demo-jobs.ts';
import { storeDemoMockups } from './demo-images.ts';
import { createDemoPlatform } from './demo-platform.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoLogistics } from './demo-logistics.ts';
import { seedDemoFinished } from './demo-finished.ts';
import { seedDemoMaterials } from './demo-materials.ts';

export interface SeedResult {
  created: boolean;
  thumbnailJobId: string | null;
}

/**
 * Seeds the demo platform once (README "Demo accounts"). Idempotent: when the platform admin
 * exists, nothing is written. Accounts are created in one transaction through the modules' own
 * create functions; the mockup thumbnails are then made by a background job.
 */
export async function seedDemo(services: AppServices): Promise<SeedResult> {
  const { database, config, storage, jobs } = services;
  if (await findAdminUserByUsername(database.db, 'admin')) return { created: false, thumbnailJobId: null };

  const demo = await database.db.transaction((tx) => createDemoPlatform(tx, config.demoPassword));
  const products = await seedDemoCatalogue(services, demo);
  await seedDemoLogistics(services, demo);
  await seedDemoFinished(services, demo, products);
  await seedDemoMaterials(services, demo);
  const mockups = await storeDemoMockups(storage);
  const thumbnailJobId = jobs.isStarted
    ? await jobs.enqueue<DemoThumbnailsData>(
        DEMO_THUMBNAILS_JOB,
        { keys: mockups.map((m) => m.file.key) },
        { tenantId: demo.tenant.id, createdBy: demo.platformAdmin.id },
      )
    : null;
  return { created: true, thumbnailJobId };
}
