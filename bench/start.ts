/**
 * Start-up time and idle memory of the platform on the embedded database (issue 25 point 6,
 * issue 29 "a production build"). `npm run bench:start` builds the server, then for each way of
 * starting it — before the production build (`node --import tsx apps/server/src/main.ts`, the
 * baseline, measured in the same run) and as `npm start` runs it now (scripts/start.mjs, the
 * compiled server) — starts it twice on a fresh data folder:
 *
 * - first: an empty folder, so the database is created, migrated and the demo seeded;
 * - second: the same folder again (what every later start does);
 *
 * each timed from spawn until /api/health answers 200, and reads the resident memory of the second
 * start after BENCH_IDLE_SECONDS (10) without requests. Targets: second ≤ 2 s, first ≤ 8 s, idle
 * ≤ 350 MB. The last two lines are the baseline and the contract:
 * `tsx start <s> s first <s> s idle <MB> MB` then `start <s> s first <s> s idle <MB> MB`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, startPlatform, type StartMode } from './lib/start-process.ts';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const TARGETS = { second: 2, first: 8, idleMb: 350 };

interface Figures {
  first: number;
  second: number;
  firstIdleMb: number;
  idleMb: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(mode: StartMode): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), `pod-bench-start-${mode}-`));
  try {
    const first = await startPlatform(mode, dataDir);
    // The first start's background work (the seed's thumbnails) runs after it listens.
    await sleep(IDLE_SECONDS * 1000);
    const firstIdleMb = first.rssMb();
    await first.stop();
    const second = await startPlatform(mode, dataDir);
    await sleep(IDLE_SECONDS * 1000);
    const idleMb = second.rssMb();
    await second.stop();
    const figures = { first: first.seconds, second: second.seconds, firstIdleMb, idleMb };
    console.log(
      `${mode.padEnd(8)} first ${figures.first.toFixed(2)} s (idle ${firstIdleMb.toFixed(0)} MB), ` +
        `second ${figures.second.toFixed(2)} s (idle ${idleMb.toFixed(0)} MB)`,
    );
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const line = (f: Figures) =>
  `start ${f.second.toFixed(2)} s first ${f.first.toFixed(2)} s idle ${f.idleMb.toFixed(0)} MB`;

async function main(): Promise<void> {
  const built = performance.now();
  buildServer();
  console.log(`server build: ${((performance.now() - built) / 1000).toFixed(1)} s (not part of the starts)`);
  const baseline = await measure('tsx');
  const compiled = await measure('compiled');
  const met =
    compiled.second <= TARGETS.second && compiled.first <= TARGETS.first && compiled.idleMb <= TARGETS.idleMb;
  console.log(
    `against the tsx start: second ${(baseline.second / compiled.second).toFixed(2)}× faster, first ` +
      `${(baseline.first / compiled.first).toFixed(2)}× faster, idle ${(compiled.idleMb / baseline.idleMb).toFixed(2)} of its memory; ` +
      `targets (second ≤ ${TARGETS.second} s, first ≤ ${TARGETS.first} s, idle ≤ ${TARGETS.idleMb} MB): ${met ? 'met' : 'NOT met'}`,
  );
  console.log(`tsx ${line(baseline)}`);
  console.log(line(compiled));
}

await main();
