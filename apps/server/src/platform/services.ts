import type { Database } from '../db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';

/**
 * What the platform's route helpers (the CRUD kit, the job routes) are handed: the mechanisms they
 * use, declared here because platform code never imports the composition root's AppServices
 * (services.ts), which has these and more.
 */
export interface PlatformServices {
  database: Database;
  jobs: JobQueue;
}
