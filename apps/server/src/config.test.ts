import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'pod-config-'));

describe('config', () => {
  it('has the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoSeed).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(config.demoPassword).toBe('Demo12345');
  });

  it('generates a JWT secret once, keeps it in DATA_DIR, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('turns the demo seed off by default on real PostgreSQL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@localhost/db' });
    expect(config.demoSeed).toBe(false);
    expect(config.databaseUrl).toBe('postgres://u@localhost/db');
  });

  it('fails fast naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'JWT_SECRET']) expect(message).toContain(name);
  });
});
