import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 8_000;

export interface RunningPlatform {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Asks the OS for a port nobody listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('could not get a free port');
  return address.port;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`the platform exited early (code ${String(child.exitCode)})`);
    if (await isHealthy(baseUrl)) return;
    await sleep(500);
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/** Stops the whole process group: the start script may run the server as a child of its own. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = sleep(STOP_GRACE_MS).then(() => 'timeout' as const);
  if ((await Promise.race([exited, timer])) === 'timeout' && !hasExited(child)) {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

/**
 * Starts the real platform (`node scripts/start.mjs`) on a free port with a fresh data directory and
 * NODE_ENV=test, and resolves once it answers GET /api/health with 200.
 */
export async function startPlatform(repoRoot: string): Promise<RunningPlatform> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'pod-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    // NODE_ENV=test turns on the test-only hooks (captcha answers, SMS outbox) the browser tests read.
    // The marketplace sandboxes on free ports (0), so a running demo's sandboxes are never in the way.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      TIKTOK_SANDBOX_PORT: '0',
      TEMU_SANDBOX_PORT: '0',
      // Every browser test signs in from 127.0.0.1: the whole suite is one "office" behind one address.
      LOGIN_LIMIT_PER_IP: '10000',
      CAPTCHA_LIMIT_PER_IP: '10000',
    },
    // Its own process group, so stopping reaches every process it starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);

  const stop = async () => {
    await stopGroup(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- platform output ---\n${output}`, { cause: error });
  }
  return { baseUrl, stop };
}
