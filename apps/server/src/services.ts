import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { CaptchaService } from './platform/auth/captcha.ts';
import type { CacheNotices } from './platform/cache-notices.ts';
import type { PermissionChecker } from './platform/auth/guard.ts';
import type { CrudKit } from './platform/crud/crud.ts';
import type { Extensions } from './platform/extensions.ts';
import type { ModuleSwitches } from './platform/module-switches.ts';
import type { SessionService } from './platform/auth/sessions.ts';
import type { TokenService } from './platform/auth/tokens.ts';
import type { VerificationService } from './platform/auth/verification.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { RateLimiter } from './platform/rate-limit.ts';
import type { FileUrls } from './platform/storage/file-urls.ts';
import type { FileStorage } from './platform/storage/storage.ts';

/** What buildApp() wires together and hands to every module's routes. */
export interface AppServices {
  config: Config;
  database: Database;
  storage: FileStorage;
  /** Signed URLs for stored files (the only way a browser reads one). */
  files: FileUrls;
  jobs: JobQueue;
  tokens: TokenService;
  permissions: PermissionChecker;
  limiter: RateLimiter;
  sessions: SessionService;
  captcha: CaptchaService;
  codes: VerificationService;
  /** The CRUD kit's database, audit trail and table registry (one per app, filled by the routes). */
  crud: CrudKit;
  /** What the modules' descriptors provide each other's extension points (decision 0027). */
  extensions: Extensions;
  /** Which switchable modules each tenant has switched off (decision 0038). */
  modules: ModuleSwitches;
  /**
   * The database's notices of changes to what per-process caches copy (decision 0074): a cache
   * subscribes to its topic and answers only while `live`.
   */
  notices: CacheNotices;
}
