import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import type { Actor } from '../../src/platform/context.ts';
import type { AppServices } from '../../src/services.ts';
import { openTestDatabase, resetDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  config: Config;
  /** Empties the database between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
  /**
   * Headers that sign a request in as the actor (admin → Bearer, member → X-User-Token), through
   * a real sign-in (session row and all), so the user must exist.
   */
  authAs(actor: Actor): Promise<Record<string, string>>;
}

export interface TestAppOptions extends Partial<Omit<AppDeps, 'config' | 'database'>> {
  /** Extra routes a test registers before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Extra environment for loadConfig (e.g. WEB_DIST). */
  env?: Record<string, string>;
}

/** Builds the real app on this test file's own database; one per file, reset between tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    WEB_DIST: join(dataDir, 'no-web'),
    ...options.env,
  });
  const database = await openTestDatabase();
  const { beforeReady, env: _env, ...deps } = options;
  const app = await buildApp({
    config,
    database,
    logger: false,
    startJobs: false,
    jobPollingSeconds: 0.5,
    ...deps,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    services: app.services,
    database,
    config,
    reset: () => resetDatabase(database),
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    authAs: async (actor): Promise<Record<string, string>> => {
      const { accessToken: token } = await app.services.sessions.issue(database.db, actor);
      return actor.kind === 'admin' ? { authorization: `Bearer ${token}` } : { 'x-user-token': token };
    },
  };
}
