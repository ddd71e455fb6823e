import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3StorageConfig } from './platform/storage/s3-storage.ts';
import { assertNotSandboxInProduction, SANDBOX_HOST, SandboxInProductionError } from './platform/sandbox.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads from the environment, with its default. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DEMO_PASSWORD: z.string().min(8).max(20).default('Demo12345'),
  /** Seed the demo platform on start. Defaults to on for the embedded database only. */
  DEMO_SEED: booleanFromEnv.optional(),
  /** Run job workers in this process (API-only processes can turn it off). */
  JOB_WORKERS: booleanFromEnv.default(true),
  /**
   * What this process does (decision 0074): `all` (API and job workers, the default), `api` (the
   * API only) or `worker` (job workers and sweeps only). `api` and `worker` need DATABASE_URL.
   */
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Where stored files live: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's address (MinIO, Ceph RGW, R2, OSS…); unset: AWS S3. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name (most self-hosted stores). */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Prepended to every object key (a shared bucket), e.g. `pod/`. */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9._/-]*$/, 'letters, digits, . _ - and / only')
    .default(''),
  SITE_NAME: z.string().min(1).max(60).default('PodSupply'),
  /** Where the built web app lives; served with an SPA fallback when present. */
  WEB_DIST: z.string().optional(),
  /** Upload limit for request bodies, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Click captcha on login: on by default; `off` for scripted API clients. */
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  NODE_ENV: z.string().optional(),
  /** Where the CRUD generator writes (NODE_ENV=development only): the work tree by default. */
  CRUD_GENERATOR_ROOT: z.string().min(1).optional(),
  /** The address browsers and payment providers reach this server at (return and notify URLs). */
  PUBLIC_URL: z.url().optional(),
  /**
   * Addresses or CIDR ranges of the reverse proxies in front of the server, comma-separated
   * (`127.0.0.1,10.0.0.0/8`). Only their X-Forwarded-For is believed; unset believes nobody's.
   */
  TRUST_PROXY: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])).min(1))
    .optional(),
  /**
   * Admin sign-ins and captcha requests one client address may make per 10 minutes. Raise them when
   * many users share one address (an office behind NAT without TRUST_PROXY, the browser tests).
   */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CAPTCHA_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Alipay open platform gateway; unset runs the local sandbox (integrations/alipay). */
  ALIPAY_GATEWAY: z.url().optional(),
  ALIPAY_APP_ID: z.string().min(1).max(32).default('2021000000000001'),
  /** PEM text or a file path; defaults to the committed test-only key (sandbox only). */
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
  /**
   * TikTok Shop (issue 18). Unset hosts run the bundled sandbox on TIKTOK_SANDBOX_PORT; real hosts
   * need the app's own key and secret. The default key and secret are the sandbox's. `off` runs
   * without TikTok Shop (production must set the real hosts or this, decision 0035).
   */
  TIKTOK: z.enum(['on', 'off']).default('on'),
  TIKTOK_APP_KEY: z.string().min(1).max(64).default('sandbox-tiktok-app'),
  TIKTOK_APP_SECRET: z.string().min(1).max(128).default('sandbox-tiktok-secret-not-for-production'),
  TIKTOK_SERVICE_ID: z.string().max(64).default('7000000000000000001'),
  TIKTOK_AUTHORIZE_URL: z.url().optional(),
  TIKTOK_AUTH_HOST: z.url().optional(),
  TIKTOK_API_HOST: z.url().optional(),
  TIKTOK_REDIRECT_URL: z.url().optional(),
  TIKTOK_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8092),
  /**
   * Temu semi-managed (issue 18): gateways PA (products), US and GLOBAL (orders); unset runs the
   * sandbox. `TEMU=off` runs without Temu (production must set the real gateways or this).
   */
  TEMU: z.enum(['on', 'off']).default('on'),
  TEMU_APP_KEY: z.string().min(1).max(64).default('sandbox-temu-app'),
  TEMU_APP_SECRET: z.string().min(1).max(128).default('sandbox-temu-secret-not-for-production'),
  TEMU_GATEWAY_PA: z.url().optional(),
  TEMU_GATEWAY_US: z.url().optional(),
  TEMU_GATEWAY_GLOBAL: z.url().optional(),
  TEMU_AUTHORIZE_URL_PRODUCT: z.url().optional(),
  TEMU_AUTHORIZE_URL_US: z.url().optional(),
  TEMU_AUTHORIZE_URL_GLOBAL: z.url().optional(),
  TEMU_REDIRECT_URL: z.url().optional(),
  TEMU_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8093),
  /** Renew marketplace tokens this many seconds before they expire (the refresh job). */
  SHOP_TOKEN_REFRESH_AHEAD_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86400)
    .default(2 * 86400),
  /** Withdrawal limits in minor units and the fee scale in basis points (spec §5, §9). */
  WITHDRAWAL_MIN: z.coerce.number().int().min(1).default(100_00),
  WITHDRAWAL_MAX: z.coerce.number().int().min(1).default(50_000_00),
  WITHDRAWAL_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(50),
  /** Connections of the API's PostgreSQL pool (real PostgreSQL only). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Minutes an unpaid order waits for payment before the timeout job closes it (spec §4). */
  ORDER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** How often the timeout job looks for overdue orders, in seconds. */
  ORDER_TIMEOUT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Days an export record and its file are kept before the cleanup job removes them. */
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** The most rows one export may hold (issue 24). */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(200_000),
  /** How often the cleanup job looks for expired exports, in seconds. */
  EXPORT_CLEANUP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  demoPassword: string;
  demoSeed: boolean;
  jobWorkers: boolean;
  /** `all`, `api` or `worker` (PROCESS_ROLE, decision 0074). */
  role: 'all' | 'api' | 'worker';
  /** Where stored files live (STORAGE and S3_*). */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);
  siteName: string;
  webDist: string;
  bodyLimit: number;
  captcha: boolean;
  /** Test-only hooks (captcha answers, outbox) exist only when NODE_ENV=test. */
  testHooks: boolean;
  /** NODE_ENV=production: no sandbox key is trusted (decision 0035). */
  production: boolean;
  /** NODE_ENV=development: the CRUD generator may write into `root` (decision 0049). */
  crudGenerator: { enabled: boolean; root: string };
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); false believes none. */
  trustProxy: false | string[];
  /** Per client address and 10 minutes (LOGIN_LIMIT_PER_IP, CAPTCHA_LIMIT_PER_IP). */
  limitsPerIp: { login: number; captcha: number };
  version: string;
  publicUrl: string | undefined;
  alipay: AlipayConfig;
  marketplaces: MarketplacesConfig;
  withdrawal: { min: number; max: number; feeBps: number };
  orders: { timeoutMinutes: number; sweepSeconds: number };
  exports: { retentionDays: number; maxRows: number; cleanupSeconds: number };
};

/** Alipay page pay settings; `sandbox` when no real gateway is configured. */
export interface AlipayConfig {
  sandbox: boolean;
  gateway: string;
  appId: string;
  appPrivateKey: string;
  alipayPublicKey: string;
  sandboxPort: number;
}

/** TikTok Shop's app and hosts (issue 18); `sandbox` when no real host is configured. */
export interface TikTokConfig {
  sandbox: boolean;
  /** False with TIKTOK=off: shops of the kind cannot be authorised. */
  enabled: boolean;
  appKey: string;
  appSecret: string;
  serviceId: string;
  authorizeUrl: string;
  authHost: string;
  apiHost: string;
  /** The platform's tkRedirect page, registered with TikTok as the app's redirect URL. */
  redirectUrl: string;
  /** The platform's webhook endpoint (the sandbox posts there). */
  webhookUrl: string;
  sandboxPort: number;
}

/** Temu's app, routers and authorisation pages (issue 18). */
export interface TemuConfig {
  sandbox: boolean;
  /** False with TEMU=off: shops of the kind cannot be authorised. */
  enabled: boolean;
  appKey: string;
  appSecret: string;
  gateways: { pa: string; us: string; global: string };
  authorizeUrls: { product: string; order_us: string; order_global: string };
  redirectUrl: string;
  webhookUrl: string;
  sandboxPort: number;
}

export interface MarketplacesConfig {
  tiktok: TikTokConfig;
  temu: TemuConfig;
  refreshAheadSeconds: number;
}

/** The sandbox's addresses for a TikTok config (also once a sandbox started on port 0 knows its port). */
export function tiktokSandboxUrls(base: string): Pick<TikTokConfig, 'authorizeUrl' | 'authHost' | 'apiHost'> {
  return { authorizeUrl: `${base}/open/authorize`, authHost: base, apiHost: base };
}

export function temuSandboxUrls(base: string): Pick<TemuConfig, 'gateways' | 'authorizeUrls'> {
  return {
    gateways: {
      pa: `${base}/pa/openapi/router`,
      us: `${base}/us/openapi/router`,
      global: `${base}/global/openapi/router`,
    },
    authorizeUrls: {
      product: `${base}/pa/authorize`,
      order_us: `${base}/us/authorize`,
      order_global: `${base}/global/authorize`,
    },
  };
}

const ALIPAY_TEST_KEYS = join(import.meta.dirname, 'integrations/alipay/test-keys');

/** A PEM given inline, or read from a file path. */
function pemFrom(value: string | undefined, fallbackFile: string): string {
  if (!value) return readFileSync(join(ALIPAY_TEST_KEYS, fallbackFile), 'utf8');
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFileSync(value, 'utf8');
}

const normalisePem = (pem: string) => pem.replace(/\s+/g, '');

/** Whether either side of the configured key pair is one of the committed test keys. */
function isCommittedAlipayKey(alipay: AlipayConfig): boolean {
  const committed = ['app-private.pem', 'alipay-public.pem', 'app-public.pem', 'alipay-private.pem'].map(
    (f) => normalisePem(readFileSync(join(ALIPAY_TEST_KEYS, f), 'utf8')),
  );
  return [alipay.appPrivateKey, alipay.alipayPublicKey].some((k) => committed.includes(normalisePem(k)));
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = resolve(import.meta.dirname, '../../..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** The JWT secret is generated once and kept in DATA_DIR so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * Reads and validates the whole configuration once. Throws ConfigError naming every bad
 * variable, so `main.ts` can fail fast with a clear message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WITHDRAWAL_MIN > e.WITHDRAWAL_MAX)
    throw new ConfigError('Invalid configuration:\n  WITHDRAWAL_MIN: must not exceed WITHDRAWAL_MAX');
  // The committed keys are test-only: a real gateway needs the merchant's own key pair.
  if (e.ALIPAY_GATEWAY && (!e.ALIPAY_APP_PRIVATE_KEY || !e.ALIPAY_PUBLIC_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  ALIPAY_GATEWAY: needs ALIPAY_APP_PRIVATE_KEY and ALIPAY_PUBLIC_KEY',
    );
  const alipay: AlipayConfig = {
    sandbox: !e.ALIPAY_GATEWAY,
    gateway: e.ALIPAY_GATEWAY ?? `http://${SANDBOX_HOST}:${e.ALIPAY_SANDBOX_PORT}/gateway.do`,
    appId: e.ALIPAY_APP_ID,
    appPrivateKey: pemFrom(e.ALIPAY_APP_PRIVATE_KEY, 'app-private.pem'),
    alipayPublicKey: pemFrom(e.ALIPAY_PUBLIC_KEY, 'alipay-public.pem'),
    sandboxPort: e.ALIPAY_SANDBOX_PORT,
  };
  const production = e.NODE_ENV === 'production';
  // Several processes share their state only through PostgreSQL (decision 0074).
  if (e.PROCESS_ROLE !== 'all' && !e.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  PROCESS_ROLE=${e.PROCESS_ROLE}: needs DATABASE_URL (a PostgreSQL shared by every process); the embedded database serves one process only (npm start)`,
    );
  const storage = storageFrom(e);
  const marketplaces = marketplacesFrom(e);
  // Every integration that would trust its sandbox in production is named at once (decision 0035).
  const refusals: string[] = [];
  const refuseSandbox = (name: string, isSandboxKey: boolean, hint: string) => {
    try {
      assertNotSandboxInProduction(name, isSandboxKey, production, hint);
    } catch (error) {
      if (!(error instanceof SandboxInProductionError)) throw error;
      refusals.push(error.message);
    }
  };
  refuseSandbox(
    'ALIPAY_GATEWAY, ALIPAY_APP_PRIVATE_KEY, ALIPAY_PUBLIC_KEY',
    alipay.sandbox || isCommittedAlipayKey(alipay),
    'Set the real gateway and your own key pair, or run without NODE_ENV=production for the demo.',
  );
  refuseSandbox(
    'TIKTOK_AUTHORIZE_URL, TIKTOK_AUTH_HOST, TIKTOK_API_HOST, TIKTOK_APP_KEY, TIKTOK_APP_SECRET',
    marketplaces.tiktok.enabled && marketplaces.tiktok.sandbox,
    "Set TikTok Shop's hosts and your app's own key and secret, or TIKTOK=off to run without it.",
  );
  refuseSandbox(
    'TEMU_GATEWAY_PA, TEMU_GATEWAY_US, TEMU_GATEWAY_GLOBAL, TEMU_AUTHORIZE_URL_PRODUCT, TEMU_AUTHORIZE_URL_US, TEMU_AUTHORIZE_URL_GLOBAL, TEMU_APP_KEY, TEMU_APP_SECRET',
    marketplaces.temu.enabled && marketplaces.temu.sandbox,
    "Set Temu's gateways, authorisation pages and your app's own key and secret, or TEMU=off to run without it.",
  );
  if (refusals.length) throw new ConfigError(`Invalid configuration:\n  ${refusals.join('\n  ')}`);
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    demoPassword: e.DEMO_PASSWORD,
    demoSeed: e.DEMO_SEED ?? e.DATABASE_URL === undefined,
    jobWorkers: e.PROCESS_ROLE === 'api' ? false : e.JOB_WORKERS,
    role: e.PROCESS_ROLE,
    storage,
    siteName: e.SITE_NAME,
    webDist: resolve(e.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    bodyLimit: e.BODY_LIMIT,
    captcha: e.CAPTCHA === 'on',
    testHooks: e.NODE_ENV === 'test',
    production,
    crudGenerator: {
      enabled: e.NODE_ENV === 'development',
      root: resolve(e.CRUD_GENERATOR_ROOT ?? repoRoot),
    },
    trustProxy: e.TRUST_PROXY ?? false,
    limitsPerIp: { login: e.LOGIN_LIMIT_PER_IP, captcha: e.CAPTCHA_LIMIT_PER_IP },
    version: readVersion(),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    alipay,
    marketplaces,
    withdrawal: { min: e.WITHDRAWAL_MIN, max: e.WITHDRAWAL_MAX, feeBps: e.WITHDRAWAL_FEE_BPS },
    orders: { timeoutMinutes: e.ORDER_TIMEOUT_MINUTES, sweepSeconds: e.ORDER_TIMEOUT_SWEEP_SECONDS },
    exports: {
      retentionDays: e.EXPORT_RETENTION_DAYS,
      maxRows: e.EXPORT_MAX_ROWS,
      cleanupSeconds: e.EXPORT_CLEANUP_SECONDS,
    },
  };
}

type Env = z.infer<typeof envSchema>;

/** STORAGE=s3 needs a bucket, and the two keys come together (or neither, for the SDK's chain). */
function storageFrom(e: Env): Config['storage'] {
  if (e.STORAGE === 'local') return { kind: 'local' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET: required with STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the SDK’s own credentials',
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION,
    ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
    ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}

/**
 * The marketplaces' settings: every host of a vendor configured means the real vendor (and then its
 * own key and secret are required), none means the bundled sandbox on 127.0.0.1. No code changes
 * between the two (issue 18).
 */
function marketplacesFrom(e: Env): MarketplacesConfig {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  };

  const tiktokHosts = [e.TIKTOK_AUTHORIZE_URL, e.TIKTOK_AUTH_HOST, e.TIKTOK_API_HOST];
  const tiktokReal = tiktokHosts.every(Boolean);
  if (!tiktokReal && tiktokHosts.some(Boolean))
    fail(
      'TIKTOK_AUTHORIZE_URL, TIKTOK_AUTH_HOST and TIKTOK_API_HOST: set all three, or none for the sandbox',
    );
  if (tiktokReal && (e.TIKTOK_APP_KEY === 'sandbox-tiktok-app' || e.TIKTOK_APP_SECRET.startsWith('sandbox-')))
    fail('TIKTOK_APP_KEY and TIKTOK_APP_SECRET: the real TikTok Shop needs the app’s own key and secret');
  const tiktokBase = `http://127.0.0.1:${e.TIKTOK_SANDBOX_PORT}`;

  const temuHosts = [
    e.TEMU_GATEWAY_PA,
    e.TEMU_GATEWAY_US,
    e.TEMU_GATEWAY_GLOBAL,
    e.TEMU_AUTHORIZE_URL_PRODUCT,
    e.TEMU_AUTHORIZE_URL_US,
    e.TEMU_AUTHORIZE_URL_GLOBAL,
  ];
  const temuReal = temuHosts.every(Boolean);
  if (!temuReal && temuHosts.some(Boolean))
    fail('TEMU_GATEWAY_* and TEMU_AUTHORIZE_URL_*: set all six, or none for the sandbox');
  if (temuReal && (e.TEMU_APP_KEY === 'sandbox-temu-app' || e.TEMU_APP_SECRET.startsWith('sandbox-')))
    fail('TEMU_APP_KEY and TEMU_APP_SECRET: the real Temu needs the app’s own key and secret');
  const temuSandbox = temuSandboxUrls(`http://127.0.0.1:${e.TEMU_SANDBOX_PORT}`);

  return {
    tiktok: {
      sandbox: !tiktokReal,
      // Production refuses the sandbox and its committed credentials (loadConfig, decision 0035).
      enabled: e.TIKTOK === 'on',
      appKey: e.TIKTOK_APP_KEY,
      appSecret: e.TIKTOK_APP_SECRET,
      serviceId: e.TIKTOK_SERVICE_ID,
      ...(tiktokReal
        ? {
            authorizeUrl: e.TIKTOK_AUTHORIZE_URL!,
            authHost: e.TIKTOK_AUTH_HOST!,
            apiHost: e.TIKTOK_API_HOST!,
          }
        : tiktokSandboxUrls(tiktokBase)),
      redirectUrl: e.TIKTOK_REDIRECT_URL ?? `${publicUrl}/thirdparty/tiktokshopapi/tkRedirect`,
      webhookUrl: `${publicUrl}/api/v1/webhooks/tiktok`,
      sandboxPort: e.TIKTOK_SANDBOX_PORT,
    },
    temu: {
      sandbox: !temuReal,
      enabled: e.TEMU === 'on',
      appKey: e.TEMU_APP_KEY,
      appSecret: e.TEMU_APP_SECRET,
      ...(temuReal
        ? {
            gateways: { pa: e.TEMU_GATEWAY_PA!, us: e.TEMU_GATEWAY_US!, global: e.TEMU_GATEWAY_GLOBAL! },
            authorizeUrls: {
              product: e.TEMU_AUTHORIZE_URL_PRODUCT!,
              order_us: e.TEMU_AUTHORIZE_URL_US!,
              order_global: e.TEMU_AUTHORIZE_URL_GLOBAL!,
            },
          }
        : temuSandbox),
      redirectUrl: e.TEMU_REDIRECT_URL ?? `${publicUrl}/thirdparty/temuapi/redirect`,
      webhookUrl: `${publicUrl}/api/v1/webhooks/temu`,
      sandboxPort: e.TEMU_SANDBOX_PORT,
    },
    refreshAheadSeconds: e.SHOP_TOKEN_REFRESH_AHEAD_SECONDS,
  };
}
