import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { databaseOptionsFor, openDatabase } from './db/client.ts';
import { duringStartup } from './db/migrate.ts';
import { seedDemo } from './db/seed/seed.ts';
import { sandboxFor } from './integrations/alipay/index.ts';
import { SANDBOX_HOST } from './platform/sandbox.ts';
import { startMarketplaceSandboxes } from './integrations/marketplaces.ts';
import { seedDemoShops } from './db/seed/demo-shops.ts';
import { prepareSchema, withClusterTemplate } from './startup.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts the platform: read config, open and migrate the database, seed the demo, listen. */
async function main(): Promise<void> {
  const loaded = readConfig();
  // PROCESS_ROLE (decision 0074): `all` serves the API and runs the jobs; `api` serves only
  // (config turns its job workers off); `worker` runs the jobs and sweeps and serves nothing.
  const serves = loaded.role !== 'worker';
  // Without real marketplace hosts the platform talks to the bundled sandboxes (integrations/tiktok,
  // integrations/temu), started first so their addresses are known (a port of 0 picks a free one).
  const { sandboxes: marketplaceSandboxes, config: marketplaces } = await startMarketplaceSandboxes(
    loaded.marketplaces,
    { onError: (vendor, error) => console.warn(`${vendor} sandbox did not start:`, error) },
  );
  const config = { ...loaded, marketplaces };
  // An empty embedded data folder starts from the build's cluster template (decision 0087).
  const database = await openDatabase(
    withClusterTemplate(databaseOptionsFor(config.dataDir, config.databaseUrl, config.databasePoolSize)),
  );
  // Processes starting together on one PostgreSQL migrate one after the other.
  await duringStartup(database, () => prepareSchema(database));
  const app = await buildApp({ config, database });
  await app.ready();

  // The seed's thumbnails are not needed for the first page: queued once the server listens.
  let queueThumbnails: (() => Promise<string | null>) | undefined;
  if (config.demoSeed && serves) {
    const seeded = await duringStartup(database, () => seedDemo(app.services, { thumbnails: 'later' }));
    if (seeded.created) {
      app.log.info('demo platform seeded');
      queueThumbnails = seeded.queueThumbnails;
    }
    // One authorised TikTok shop and one Temu shop for the demo merchant, through the sandboxes.
    if (seeded.created)
      await seedDemoShops(app.services, marketplaceSandboxes).catch((error: unknown) =>
        app.log.warn({ err: error }, 'demo shops were not authorised'),
      );
  }
  if (marketplaceSandboxes.tiktok) app.log.info(`TikTok Shop sandbox: ${marketplaceSandboxes.tiktok.url}`);
  if (marketplaceSandboxes.temu) app.log.info(`Temu sandbox: ${marketplaceSandboxes.temu.url}`);

  // Without a real Alipay gateway the demo pays through the local sandbox (integrations/alipay).
  const alipaySandbox = config.alipay.sandbox && serves ? sandboxFor(config.alipay) : undefined;
  if (alipaySandbox) {
    await alipaySandbox
      .start(config.alipay.sandboxPort, SANDBOX_HOST)
      .then(() => app.log.info(`Alipay sandbox: ${config.alipay.gateway}`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Alipay sandbox did not start'));
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish, workers stop, then the database closes; give up after 20 s.
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    app
      .close()
      .then(() => alipaySandbox?.stop())
      .then(() => marketplaceSandboxes.stop())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  if (!serves) {
    app.log.info(`PodSupply ${config.version} job worker on ${database.kind}`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const role = config.role === 'api' ? ' (API only, no job workers)' : '';
  app.log.info(`PodSupply ${config.version} on ${database.kind}${role}: http://localhost:${config.port}`);
  if (queueThumbnails)
    await queueThumbnails()
      .then((id) => app.log.info({ thumbnailJob: id }, 'demo thumbnails queued'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo thumbnails were not queued'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
