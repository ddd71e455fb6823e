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

export interface SeedOptions {
  /**
   * `later`: do not queue the thumbnail job; `queueThumbnails()` does, when the caller is ready
   * (main.ts: once the server listens, so the first page does not wait for the renderer).
   */
  thumbnails?: 'now' | 'later';
}

export interface DeferredSeedResult extends SeedResult {
  /** Queues the mockup thumbnails (once); null when nothing was seeded or jobs do not run here. */
  queueThumbnails: () => Promise<string | null>;
}

/**
 * Seeds the demo platform once (README "Demo accounts"). Idempotent: when the platform admin
 * exists, nothing is written. Accounts are created in one transaction through the modules' own
 * create functions; the mockup thumbnails are then made by a background job.
 */
export async function seedDemo(services: AppServices): Promise<SeedResult>;
export async function seedDemo(
  services: AppServices,
  options: { thumbnails: 'later' },
): Promise<DeferredSeedResult>;
export async function seedDemo(
  services: AppServices,
  options: SeedOptions = {},
): Promise<SeedResult | DeferredSeedResult> {
  const { database, config, storage, jobs } = services;
  const none = () => Promise.resolve(null);
  if (await findAdminUserByUsername(database.db, 'admin')) {
    const nothing = { created: false, thumbnailJobId: null };
    return options.thumbnails === 'later' ? { ...nothing, queueThumbnails: none } : nothing;
  }

  const demo = await database.db.transaction((tx) => createDemoPlatform(tx, config.demoPassword));
  // The catalogue and the material library are independent, and each spends most of its time
  // waiting for sharp (off the main thread): seeded side by side, they share the cores.
  const [products, , mockups] = await Promise.all([
    seedDemoCatalogue(services, demo),
    seedDemoMaterials(services, demo),
    storeDemoMockups(storage),
  ]);
  await seedDemoLogistics(services, demo);
  await seedDemoFinished(services, demo, products);
  let queued: Promise<string | null> | undefined;
  const queueThumbnails = () =>
    (queued ??= jobs.isStarted
      ? jobs.enqueue<DemoThumbnailsData>(
          DEMO_THUMBNAILS_JOB,
          { keys: mockups.map((m) => m.file.key) },
          { tenantId: demo.tenant.id, createdBy: demo.platformAdmin.id },
        )
      : Promise.resolve(null));
  if (options.thumbnails === 'later') return { created: true, thumbnailJobId: null, queueThumbnails };
  return { created: true, thumbnailJobId: await queueThumbnails() };
}
