/**
 * The platform started as `npm start` runs it (scripts/start.mjs, the compiled server), or as it
 * ran before the production build (`node --import tsx apps/server/src/main.ts`), on the embedded
 * database in a data folder of the caller's: timed from spawn until /api/health answers, and its
 * resident memory read from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from '../../scripts/server-runtime.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export type StartMode = 'compiled' | 'tsx';

/**
 * A port for a server a bench starts: random, and below Linux's ephemeral range (32768–60999),
 * where the bench's own client sockets take theirs (one of them once held the server's port).
 */
export const benchServerPort = () => 20_000 + Math.floor(Math.random() * 12_000);

export interface StartedServer {
  url: string;
  child: ChildProcess;
  /** Seconds from spawn until /api/health answered 200. */
  seconds: number;
  /** Resident set size of the server process, MB (1e6 bytes). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Builds the server as `npm start` would (the build itself is not what the start bench times). */
export function buildServer(): void {
  const result = spawnSync(process.execPath, [join(repoRoot, 'scripts/build-server.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the server build failed (exit ${String(result.status)})`);
}

/** GET `url`; resolves with the status, or null when nothing listens yet. */
export function probe(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Spawns the server on `dataDir` and waits for /api/health. The settings scripts/start.mjs would
 * otherwise re-run itself to get (scripts/server-runtime.mjs) are given up front, so the spawned
 * process is the server and its RSS is the server's.
 */
export async function startPlatform(
  mode: StartMode,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const port = benchServerPort();
  const entry =
    mode === 'compiled'
      ? [join(repoRoot, 'scripts/start.mjs')]
      : ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')];
  const started = performance.now();
  // `npm start` runs every role in one process (PROCESS_ROLE all).
  const child = spawn(process.execPath, [...serverNodeFlags('all'), ...entry], {
    cwd: repoRoot,
    env: {
      ...serverEnv(),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      ALIPAY_SANDBOX_PORT: '0',
      TIKTOK_SANDBOX_PORT: '0',
      TEMU_SANDBOX_PORT: '0',
      // The web build is not the server's start: the bench builds nothing it does not time.
      SKIP_WEB_BUILD: '1',
      SKIP_SERVER_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${String(child.exitCode)}`);
    if ((await probe(`${url}/api/health`)) === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health in 900 s');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    url,
    child,
    seconds,
    rssMb() {
      const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return (kb * 1024) / 1e6;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
