import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

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
  /** The address browsers and payment providers reach this server at (return and notify URLs). */
  PUBLIC_URL: z.url().optional(),
  /** Alipay open platform gateway; unset runs the local sandbox (integrations/alipay). */
  ALIPAY_GATEWAY: z.url().optional(),
  ALIPAY_APP_ID: z.string().min(1).max(32).default('2021000000000001'),
  /** PEM text or a file path; defaults to the committed test-only key (sandbox only). */
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
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
  siteName: string;
  webDist: string;
  bodyLimit: number;
  captcha: boolean;
  /** Test-only hooks (captcha answers, outbox) exist only when NODE_ENV=test. */
  testHooks: boolean;
  version: string;
  publicUrl: string | undefined;
  alipay: AlipayConfig;
  withdrawal: { min: number; max: number; feeBps: number };
  orders: { timeoutMinutes: number; sweepSeconds: number };
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

const ALIPAY_TEST_KEYS = join(import.meta.dirname, 'integrations/alipay/test-keys');

/** A PEM given inline, or read from a file path. */
function pemFrom(value: string | undefined, fallbackFile: string): string {
  if (!value) return readFileSync(join(ALIPAY_TEST_KEYS, fallbackFile), 'utf8');
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFileSync(value, 'utf8');
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
    jobWorkers: e.JOB_WORKERS,
    siteName: e.SITE_NAME,
    webDist: resolve(e.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    bodyLimit: e.BODY_LIMIT,
    captcha: e.CAPTCHA === 'on',
    testHooks: e.NODE_ENV === 'test',
    version: readVersion(),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    alipay: {
      sandbox: !e.ALIPAY_GATEWAY,
      gateway: e.ALIPAY_GATEWAY ?? `http://127.0.0.1:${e.ALIPAY_SANDBOX_PORT}/gateway.do`,
      appId: e.ALIPAY_APP_ID,
      appPrivateKey: pemFrom(e.ALIPAY_APP_PRIVATE_KEY, 'app-private.pem'),
      alipayPublicKey: pemFrom(e.ALIPAY_PUBLIC_KEY, 'alipay-public.pem'),
      sandboxPort: e.ALIPAY_SANDBOX_PORT,
    },
    withdrawal: { min: e.WITHDRAWAL_MIN, max: e.WITHDRAWAL_MAX, feeBps: e.WITHDRAWAL_FEE_BPS },
    orders: { timeoutMinutes: e.ORDER_TIMEOUT_MINUTES, sweepSeconds: e.ORDER_TIMEOUT_SWEEP_SECONDS },
  };
}
