/**
 * The platform as a separate process on a real PostgreSQL database, for benchmarks and the crash
 * test: the compiled server as `npm start` runs it (`scripts/start.mjs`, which builds
 * apps/server/dist first when it is missing or older than the sources), with its own environment,
 * reached over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withDatabase } from '../../apps/server/test/helpers/database-url.ts';
import { serverEnv, serverNodeFlags } from '../../scripts/server-runtime.mjs';
import { benchServerPort } from './start-process.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The admin connection (any database of the local server) benchmarks create theirs from. */
export const adminUrl = () =>
  process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database on the local server; drop() removes it. */
export async function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    name,
    url: withDatabase(adminUrl(), name),
    /**
     * Waits up to 5 s for the database's other sessions to leave before forcing them out: a pool's
     * end() resolves once its clients are asked to close, not once they have, and a connection
     * still closing when FORCE terminates it gets a FATAL error its pool may not be listening for.
     */
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const { rows } = await c.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, as a crash: no graceful shutdown. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts the server and waits until /api/health answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(benchServerPort());
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // As `npm start` runs the server (scripts/server-runtime.mjs), so the bench measures that. The
  // server's process is the child itself: start.mjs starts itself again only without the flags.
  const childEnv: Record<string, string | undefined> = {
    ...serverEnv(),
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    ALIPAY_SANDBOX_PORT: '0',
    TIKTOK_SANDBOX_PORT: '0',
    TEMU_SANDBOX_PORT: '0',
    // Not `test` (which makes password hashing cheap and opens test hooks) and not `production`
    // (which refuses the sandboxes' committed keys that benches pay through): the demo's mode.
    NODE_ENV: 'benchmark',
    // The web app is not what a bench measures; the server is built when stale.
    SKIP_WEB_BUILD: '1',
    ...env,
    PORT: port,
  };
  // A variable given as '' is left out (e.g. DATABASE_URL: '' runs the server on PGlite).
  for (const [key, value] of Object.entries(env)) if (value === '') delete childEnv[key];
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(childEnv.PROCESS_ROLE), ...nodeArgs, join(repoRoot, 'scripts/start.mjs')],
    { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  // BENCH_START_TIMEOUT (seconds, default 90): a loaded host starts PGlite slowly.
  const startSeconds = Number(process.env.BENCH_START_TIMEOUT ?? 90);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${startSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** A keep-alive HTTP client with one socket per concurrent caller. */
export function jsonClient(baseUrl: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(baseUrl);
  return {
    post(path: string, body: unknown, headers: Record<string, string>) {
      const payload = JSON.stringify(body);
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            agent,
            hostname,
            port,
            path,
            method: 'POST',
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

/** p-th percentile (0–100) of sorted or unsorted samples. */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
