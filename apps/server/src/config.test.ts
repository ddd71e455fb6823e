import { generateKeyPairSync } from 'node:crypto';
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

  it('limits sign-ins and captchas per client address, 30 and 60 unless configured', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).limitsPerIp).toEqual({ login: 30, captcha: 60 });
    const raised = loadConfig({
      DATA_DIR: tempDir(),
      LOGIN_LIMIT_PER_IP: '500',
      CAPTCHA_LIMIT_PER_IP: '900',
    });
    expect(raised.limitsPerIp).toEqual({ login: 500, captcha: 900 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), LOGIN_LIMIT_PER_IP: '0' })).toThrow('LOGIN_LIMIT_PER_IP');
  });

  it('generates a JWT secret once, keeps it in DATA_DIR, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('runs the marketplaces on their sandboxes unless every real host is set, and then wants the app’s own keys', () => {
    const sandboxed = loadConfig({ DATA_DIR: tempDir(), PORT: '9000' }).marketplaces;
    expect(sandboxed.tiktok).toMatchObject({
      sandbox: true,
      enabled: true,
      apiHost: 'http://127.0.0.1:8092',
      redirectUrl: 'http://localhost:9000/thirdparty/tiktokshopapi/tkRedirect',
    });
    expect(sandboxed.temu.gateways.us).toBe('http://127.0.0.1:8093/us/openapi/router');
    const real = {
      TIKTOK_AUTHORIZE_URL: 'https://services.tiktokshop.com/open/authorize',
      TIKTOK_AUTH_HOST: 'https://auth.tiktok-shops.com',
      TIKTOK_API_HOST: 'https://open-api.tiktokglobalshop.com',
    };
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...real })).toThrow(
      /TIKTOK_APP_KEY and TIKTOK_APP_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), TIKTOK_API_HOST: real.TIKTOK_API_HOST })).toThrow(
      /all three, or none/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), TEMU_GATEWAY_US: 'https://openapi-b-us.temu.com/openapi/router' }),
    ).toThrow(/all six, or none/);
    const configured = loadConfig({
      DATA_DIR: tempDir(),
      ...real,
      TIKTOK_APP_KEY: 'key',
      TIKTOK_APP_SECRET: 'secret',
    });
    expect(configured.marketplaces.tiktok).toMatchObject({
      sandbox: false,
      enabled: true,
      apiHost: real.TIKTOK_API_HOST,
    });
    // TIKTOK=off and TEMU=off run without them, in production too (which refuses their sandboxes,
    // below). Production needs a real Alipay set-up too, issue 17 finding 6: a key pair of its own.
    const pair = (): string[] => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return [
        privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ];
    };
    const [appPrivate] = pair();
    const [, alipayPublic] = pair();
    const production = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
      ALIPAY_APP_PRIVATE_KEY: appPrivate!,
      ALIPAY_PUBLIC_KEY: alipayPublic!,
      TIKTOK: 'off',
      TEMU: 'off',
    }).marketplaces;
    expect([production.tiktok.enabled, production.temu.enabled]).toEqual([false, false]);
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

  it('issue 17 finding 6: production refuses to start on the Alipay sandbox or its committed keys', () => {
    const keys = join(import.meta.dirname, 'integrations/alipay/test-keys');
    const attempts = [
      { NODE_ENV: 'production' },
      {
        NODE_ENV: 'production',
        ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
        ALIPAY_APP_PRIVATE_KEY: join(keys, 'app-private.pem'),
        ALIPAY_PUBLIC_KEY: join(keys, 'alipay-public.pem'),
      },
    ];
    for (const env of attempts) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env }), JSON.stringify(env)).toThrow(
        /ALIPAY_GATEWAY.*sandbox key pair committed/,
      );
    }
    // Outside production the demo runs on the sandbox, which listens on the loopback only.
    const demo = loadConfig({ DATA_DIR: tempDir() });
    expect(demo.alipay.sandbox).toBe(true);
    expect(new URL(demo.alipay.gateway).hostname).toBe('127.0.0.1');
  });

  it('issue 17 finding 6: production refuses to start on the TikTok or Temu sandbox, naming their variables', () => {
    const key = (type: 'private' | 'public') => {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return type === 'private'
        ? pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
        : pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    };
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
      ALIPAY_APP_PRIVATE_KEY: key('private'),
      ALIPAY_PUBLIC_KEY: key('public'),
    };
    let message = '';
    try {
      loadConfig(production);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    // Both at once, each with the variables to set and the way out.
    expect(message).toMatch(
      /TIKTOK_AUTHORIZE_URL, TIKTOK_AUTH_HOST, TIKTOK_API_HOST.*sandbox key pair committed/,
    );
    expect(message).toMatch(/TEMU_GATEWAY_PA.*TEMU_APP_SECRET.*sandbox key pair committed/);
    expect(message).toContain('TIKTOK=off');
    expect(message).toContain('TEMU=off');
    expect(() => loadConfig({ ...production, TEMU: 'off' })).toThrow(/TIKTOK_AUTHORIZE_URL/);
    // The real TikTok Shop with the app's own key, Temu off: it starts, and trusts no sandbox.
    const real = loadConfig({
      ...production,
      TIKTOK_AUTHORIZE_URL: 'https://services.tiktokshop.com/open/authorize',
      TIKTOK_AUTH_HOST: 'https://auth.tiktok-shops.com',
      TIKTOK_API_HOST: 'https://open-api.tiktokglobalshop.com',
      TIKTOK_APP_KEY: 'key',
      TIKTOK_APP_SECRET: 'secret',
      TEMU: 'off',
    }).marketplaces;
    expect(real.tiktok).toMatchObject({ sandbox: false, enabled: true });
    expect(real.temu.enabled).toBe(false);
    // Outside production both sandboxes run, on the loopback only.
    const demo = loadConfig({ DATA_DIR: tempDir() }).marketplaces;
    expect([demo.tiktok.enabled, demo.temu.enabled]).toEqual([true, true]);
    expect(new URL(demo.tiktok.apiHost).hostname).toBe('127.0.0.1');
    expect(new URL(demo.temu.gateways.us).hostname).toBe('127.0.0.1');
  });

  it('issue 17 finding 4: trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
