/**
 * The Docker files (Dockerfile, deploy/compose.yaml, deploy/nginx.conf) checked without Docker
 * (docs/decisions/0075: no Dockerfile or compose linter is installable from npm or Debian on these
 * machines, and `docker compose config` needs Docker). The compose file is parsed as YAML with
 * merge keys, as Compose reads it, and its layout checked against the platform's own settings:
 * every variable the platform processes get is one the server's configuration knows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  init?: boolean;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as Compose;
const services = compose.services;
const platformServices = ['api-1', 'api-2', 'worker'] as const;

/** The keys of the server's environment schema (apps/server/src/config.ts). */
const configKeys = new Set(
  [...read('apps/server/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]!),
);
/** Storage settings the S3 driver reads (issue 29), named in the README's "Running at scale". */
const S3_KEYS = [
  'STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({
    image: m[1]!,
    name: m[2],
  }));
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds in stages and runs from a Node LTS image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const major = /^ARG NODE_VERSION=(\d+)$/m.exec(dockerfile)?.[1];
    // Even majors are Node's long-term-support lines; the engines field must allow it.
    expect(Number(major) % 2).toBe(0);
    expect(Number(major)).toBeGreaterThanOrEqual(20);
    for (const { image } of stages) expect(image).toMatch(/^(node:\$\{NODE_VERSION\}-bookworm-slim|deps)$/);
    expect(stages.at(-1)?.image).toBe('node:${NODE_VERSION}-bookworm-slim');
  });

  it('runs the compiled server as an unprivileged user, without TypeScript tooling', () => {
    expect(lastStage).toMatch(/^USER node$/m);
    expect(lastStage).not.toMatch(/^USER root$/m);
    expect(lastStage).toMatch(/^CMD \["node", "scripts\/start\.mjs"\]$/m);
    expect(lastStage).toContain('/app/apps/server/dist');
    expect(lastStage).toContain('/app/apps/web/dist');
    expect(lastStage).not.toMatch(/tsx|typescript|COPY \. \./);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(lastStage).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
  });

  it('copies nothing the build makes or a machine keeps (node_modules, builds, data)', () => {
    expect(existsSync(join(root, '.dockerignore'))).toBe(true);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env'])
      expect(ignored).toContain(entry);
  });
});

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL, an S3-compatible store, two APIs, one worker and a reverse proxy', () => {
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    expect(services.proxy?.image).toMatch(/^nginx:/);
    for (const name of platformServices) {
      expect(services[name]?.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(services[name]?.init).toBe(true);
    }
    expect(services['api-1']?.command).toEqual(['npm', 'run', 'start:api']);
    expect(services['api-2']?.command).toEqual(['npm', 'run', 'start:api']);
    expect(services.worker?.command).toEqual(['npm', 'run', 'start:worker']);
  });

  it('publishes only the proxy, which spreads requests over both APIs', () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(services.proxy?.ports).toEqual(['${HTTP_PORT:-8080}:80']);
    const nginx = read('deploy/nginx.conf');
    expect(services.proxy?.volumes).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(nginx).toMatch(/server api-1:8080/);
    expect(nginx).toMatch(/server api-2:8080/);
    expect(nginx).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/);
  });

  it('gives every platform process the same database, bucket and secret', () => {
    const envs = platformServices.map((name) => services[name]!.environment!);
    for (const env of envs) {
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/pod:.*@postgres:5432\/pod$/);
      expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      for (const key of S3_KEYS) expect(env[key], key).toBeDefined();
      expect(env.STORAGE).toBe('s3');
      expect(env.S3_ENDPOINT).toBe('http://minio:9000');
      expect(env.S3_FORCE_PATH_STYLE).toBe('true');
      expect(env.TRUST_PROXY).toBe('172.28.0.0/24');
      expect(env).toEqual({ ...envs[0], DEMO_SEED: env.DEMO_SEED });
    }
    // Only the first API seeds the demo; the others start once it is healthy (migrated, seeded).
    expect(envs.map((e) => e.DEMO_SEED)).toEqual(['${DEMO_SEED:-true}', 'false', 'false']);
    for (const name of ['api-2', 'worker'])
      expect(services[name]?.depends_on?.['api-1']).toEqual({ condition: 'service_healthy' });
  });

  it("sets only variables the server's configuration reads", () => {
    for (const name of platformServices)
      for (const key of Object.keys(services[name]!.environment!))
        if (!S3_KEYS.includes(key)) expect(configKeys.has(key), `${name}: ${key}`).toBe(true);
  });

  it('starts the platform after the database is healthy and the bucket exists, and keeps data in volumes', () => {
    for (const name of platformServices) {
      expect(services[name]?.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
      expect(services[name]?.depends_on?.['minio-bucket']).toEqual({
        condition: 'service_completed_successfully',
      });
    }
    expect(services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.postgres?.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(services.minio?.volumes).toEqual(['minio-data:/data']);
    expect(Object.keys(compose.volumes ?? {})).toEqual(['postgres-data', 'minio-data']);
  });
});
