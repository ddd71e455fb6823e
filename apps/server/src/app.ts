import multipart from '@fastify/multipart';
import { LIMITS } from '@pod/shared';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerDemoJobs } from './db/seed/demo-jobs.ts';
import { adminContext, hasPermission, invalidateMenus } from './modules/access/index.ts';
import { crudAudit, installAdminLog } from './modules/admin/index.ts';
import { sessionMayAct } from './modules/auth/index.ts';
import { MODULES } from './modules/index.ts';
import { disabledModulesOf, tenantsWithModuleOff } from './modules/tenancy/index.ts';
import { CaptchaService } from './platform/auth/captcha.ts';
import { SessionCheckCache } from './platform/auth/session-cache.ts';
import { CacheNotices } from './platform/cache-notices.ts';
import { Extensions } from './platform/extensions.ts';
import { ModuleSwitches } from './platform/module-switches.ts';
import { checkComposition, type ModuleDescriptor } from './platform/module.ts';
import { installAuthGuard, type PermissionChecker, type SessionValidator } from './platform/auth/guard.ts';
import { SessionService } from './platform/auth/sessions.ts';
import { OutboxSender, VerificationService, type MessageSender } from './platform/auth/verification.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { TokenService } from './platform/auth/tokens.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { installNulGuard } from './platform/http/nul-guard.ts';
import { replySerializer } from './platform/http/json-text.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installConnectionHygiene,
} from './platform/http/connection.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { installCompression } from './platform/http/compression.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { enforceRouteDeclarations } from './platform/http/route-config.ts';
import { serveWebApp } from './platform/http/static-web.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { jobRoutes } from './platform/jobs/jobs.routes.ts';
import { registerTestJobs } from './platform/jobs/test-jobs.ts';
import { FileUrls } from './platform/storage/file-urls.ts';
import { LocalFileStorage } from './platform/storage/local-storage.ts';
import { S3FileStorage } from './platform/storage/s3-storage.ts';
import type { FileStorage } from './platform/storage/storage.ts';
import type { AppServices } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: FileStorage;
  permissions?: PermissionChecker;
  /** Delivers SMS and e-mail; defaults to the outbox (log + message_outbox table). */
  messageSender?: MessageSender;
  /** Start the job queue (and its workers, if config.jobWorkers) when the app is ready. Default true. */
  startJobs?: boolean;
  /** Pass false to silence logs (tests). Defaults to pino at config.logLevel. */
  logger?: boolean;
  /** Job worker polling interval; tests use a short one. */
  jobPollingSeconds?: number;
  /**
   * Run the recurring sweeps (order timeouts, marketplace polling, …) on their timers. Default
   * true; tests that probe a still world turn them off (the jobs they queue still run).
   */
  sweeps?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** The file storage the configuration names (STORAGE, decision 0074). */
export function configuredStorage(config: Config): FileStorage {
  const { storage } = config;
  if (storage.kind === 's3') return new S3FileStorage(storage, join(config.dataDir, '.tmp'));
  return new LocalFileStorage(join(config.dataDir, 'files'));
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Composes the modules (decision 0027): checks their order and menus, declares their jobs, registers
 * their routes, then checks that every CRUD resource a module registered is declared, with the same
 * ownership, in its descriptor (a resource cannot be registered without one).
 */
async function composeModules(
  app: FastifyInstance,
  services: AppServices,
  modules: readonly ModuleDescriptor<AppServices>[],
): Promise<void> {
  checkComposition(modules);
  for (const m of modules) {
    if (!m.jobs) continue;
    const declare = () => m.jobs?.(services);
    // A switchable module's jobs skip a switched-off tenant's runs, and its sweeps are told which
    // tenants to leave out (decision 0059).
    if (m.switchable)
      services.jobs.declareGated(
        {
          module: m.name,
          isEnabled: (tenantId) => services.modules.isEnabled(tenantId, m.name),
          tenantsWithout: () => services.modules.tenantsWithout(m.name),
        },
        declare,
      );
    else declare();
  }
  for (const m of modules) {
    if (!m.routes) continue;
    // Each module's routes in a scope of their own, where every route they register (nested
    // scopes too) is marked with the module when a tenant may switch it off (decision 0038).
    await app.register(async (scope) => {
      if (m.switchable)
        scope.addHook('onRoute', (options) => {
          options.config = { ...options.config, module: m.name };
        });
      await m.routes?.(scope.withTypeProvider<ZodTypeProvider>(), services);
    });
  }
  const declared = new Map(modules.flatMap((m) => m.resources.map((r) => [r.name, r.owner] as const)));
  for (const [name, table] of services.crud.resources) {
    if (declared.get(name) !== table.owner.level)
      throw new Error(
        `resource ${name} (${table.owner.level}) is not declared so in its module's descriptor`,
      );
  }
}

/** Fastify types its compiler factories after Ajv's; the zod compilers are called the same way. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => replySerializer,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Builds the whole API: for main.ts and for tests alike. The caller owns the database: it opens
 * and migrates it before, and closes it after app.close().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-user-token"]', 'req.headers.cookie'],
          },
    bodyLimit: config.bodyLimit,
    requestTimeout: 120_000,
    // Accept a caller's request id only when it is harmless; otherwise make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    // Every route validates and serialises with zod. Given as the factories, the zod compilers
    // also spare each start loading Fastify's default Ajv and fast-json-stringify (decision 0087).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  // Synchronous: an async hook costs every reply a promise and a turn of the hook runner.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const db = database.db;
  const tokens = new TokenService(config.jwtSecret);
  const limiter = new RateLimiter(db);
  // Changes to what the caches below copy, announced by the database to every process (decision 0074).
  const notices = new CacheNotices(database, app.log);
  const services: AppServices = {
    config,
    database,
    storage: deps.storage ?? configuredStorage(config),
    files: new FileUrls(config.jwtSecret),
    jobs: new JobQueue(database, app.log, {
      workers: config.jobWorkers,
      // One process at a time runs the recurring sweeps (decision 0074).
      leadsSweeps: () => notices.leadsSweeps(),
      ...(deps.jobPollingSeconds ? { pollingIntervalSeconds: deps.jobPollingSeconds } : {}),
      ...(deps.sweeps === false ? { sweeps: false } : {}),
    }),
    tokens,
    permissions: deps.permissions ?? { has: (actor, permission) => hasPermission(db, actor, permission) },
    limiter,
    sessions: new SessionService(tokens),
    captcha: new CaptchaService(db),
    codes: new VerificationService(
      db,
      deps.messageSender ?? new OutboxSender(db, app.log),
      limiter,
      config.jwtSecret,
    ),
    crud: { db, audit: crudAudit, resources: new Map() },
    extensions: new Extensions(MODULES.flatMap((m) => m.provides ?? [])),
    modules: new ModuleSwitches(
      MODULES,
      (tenantId) => disabledModulesOf(db, tenantId),
      (name) => tenantsWithModuleOff(db, name),
    ),
    notices,
  };
  app.decorate('services', services);

  // A token is good while its sign-in is live and its user may still act (not disabled or locked).
  // Each process keeps the "yes" for a few seconds and drops it when the database announces a
  // change to the user's sign-ins or standing (decision 0074).
  const sessionChecks = new SessionCheckCache(
    (actor, sessionId) => sessionMayAct(db, actor, sessionId),
    notices,
  );
  const validateSession: SessionValidator = sessionChecks.validate;
  notices.on('subject', (subject) => sessionChecks.forgetSubject(subject));
  notices.on('menus', () => invalidateMenus());
  notices.on('modules', (tenantId) => services.modules.invalidate(tenantId));
  notices.onReset(() => {
    sessionChecks.clear();
    invalidateMenus();
    services.modules.invalidateAll();
  });
  app.addHook('onReady', async () => {
    await notices.start();
  });

  installErrorHandler(app);
  installNulGuard(app);
  installConnectionHygiene(app);
  installSecurityHeaders(app);
  await installCompression(app);
  // Multipart is parsed only where a route asks for it (uploads); each part is metered there.
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.uploadHardMaxBytes,
      files: LIMITS.materialUploadBatch + 50,
      fields: 50,
      parts: 200,
    },
    throwFileSizeLimit: false,
  });
  enforceRouteDeclarations(app);
  installAuthGuard(app, services.tokens, services.permissions, validateSession, (tenantId, module) =>
    services.modules.isEnabled(tenantId, module),
  );
  installAdminLog(app, db);
  await registerOpenApi(app, config.version);

  jobRoutes(app, { jobs: services.jobs, files: services.files, db, contextFor: adminContext });
  registerDemoJobs(services);
  registerTestJobs(app, services);
  await composeModules(app, services, MODULES);

  await serveWebApp(app, config.webDist);

  app.addHook('onClose', async () => {
    await services.jobs.stop();
    await notices.stop();
  });
  if (deps.startJobs !== false) {
    app.addHook('onReady', async () => {
      await services.jobs.start();
    });
  }
  return app;
}
