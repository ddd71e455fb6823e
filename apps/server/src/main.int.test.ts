import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'pod-main-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * These tests wait for conditions (the server says it listens, the process exits), never for a
 * fixed time: on a loaded machine start-up is slower, not wrong (issue 17 finding 13). Each wait
 * also ends when the process exits, so a server that dies fails the test at once.
 */
const UNTIL_CONDITION = { timeout: 0 };

/** Starts main.ts as `npm start` would (embedded database), on a free port. */
function startServer() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
    env: { ...env, WEB_DIST: join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, port, exited, output: () => output };
}

describe('main', () => {
  it(
    'starts on the embedded database with the demo seed, serves health, and shuts down gracefully',
    UNTIL_CONDITION,
    async () => {
      const server = startServer();
      const port = await server.port;
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await res.json()).toMatchObject({ code: 1, data: { status: 'ok', database: 'pglite' } });
      expect(server.output()).toContain('demo platform seeded');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    },
  );

  it('restarts on the same data without seeding twice', UNTIL_CONDITION, async () => {
    const server = startServer();
    const port = await server.port;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(server.output()).not.toContain('demo platform seeded');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('fails fast with a clear message on bad configuration', UNTIL_CONDITION, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  });

  it(
    'issue 17 finding 6: refuses to start in production on the sandbox keys, with a clear message',
    UNTIL_CONDITION,
    async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0' };
      delete env.ALIPAY_GATEWAY;
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('ALIPAY_GATEWAY');
      expect(stderr).toContain('sandbox key pair committed in the repository');
    },
  );

  it(
    'issue 17 finding 6: refuses to start in production on the TikTok and Temu sandboxes, naming their variables',
    UNTIL_CONDITION,
    async () => {
      // A real Alipay set-up (a key pair of its own), so only the marketplaces are refused.
      const pem = () =>
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        });
      const publicPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
        type: 'spki',
        format: 'pem',
      });
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        PORT: '0',
        ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
        ALIPAY_APP_PRIVATE_KEY: pem().toString(),
        ALIPAY_PUBLIC_KEY: publicPem.toString(),
      };
      for (const name of Object.keys(env)) if (/^(TIKTOK|TEMU)/.test(name)) delete env[name];
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).not.toContain('ALIPAY_GATEWAY');
      for (const name of [
        'TIKTOK_API_HOST',
        'TIKTOK_APP_SECRET',
        'TIKTOK=off',
        'TEMU_GATEWAY_US',
        'TEMU=off',
      ])
        expect(stderr).toContain(name);
    },
  );
});
