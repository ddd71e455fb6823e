// `npm start`: build the web app and the server when a build is missing or older than its sources,
// then run the compiled server (API + web on one port, apps/server/dist/main.js) in this process:
// no TypeScript compiler at run time (decision 0075).
// The server runs with the settings of scripts/server-runtime.mjs (MALLOC_ARENA_MAX=2 on Linux,
// decision 0020; V8's heap growth at 50 %, decision 0051). Unless they are in place, this script
// runs itself again with them, passing signals on.
//
// `npm run start:api` (`start.mjs api`) serves the API and the web app without job workers;
// `npm run start:worker` (`start.mjs worker`) runs only the job workers and the recurring sweeps.
// Both need DATABASE_URL: every process shares its state through that PostgreSQL (decision 0074).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { missingServerFlags, runsAsServer, serverEnv } from './server-runtime.mjs';
import { buildWebApp, newestMtime, sharedSourcesTime, webBuildIsStale } from './web-build.mjs';

const role = process.argv[2];
if (role !== undefined) {
  if (role !== 'api' && role !== 'worker') {
    console.error(
      `Unknown process role "${role}": use api or worker (or none for everything in one process).`,
    );
    process.exit(2);
  }
  if (!process.env.DATABASE_URL) {
    console.error(
      `npm run start:${role} needs DATABASE_URL=postgres://… : API and worker processes share one PostgreSQL.\n` +
        'The embedded database serves a single process: use npm start for that.',
    );
    process.exit(1);
  }
  process.env.PROCESS_ROLE = role;
}

if (!runsAsServer()) {
  const flags = missingServerFlags();
  const child = spawn(process.execPath, [...process.execArgv, ...flags, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: serverEnv(),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
} else {
  await run();
}

async function run() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  // A worker serves no pages.
  if (role !== 'worker' && process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale(root)) {
    console.log('Building the web app…');
    const result = buildWebApp(root);
    if (result.status !== 0) process.exit(result.status ?? 1);
  }

  // The server's build (scripts/build-server.mjs) is marked complete by dist/BUILD.
  const serverDist = join(root, 'apps/server/dist');
  const serverBuilt = existsSync(join(serverDist, 'BUILD')) ? statSync(join(serverDist, 'BUILD')).mtimeMs : 0;
  const serverSources = Math.max(newestMtime(join(root, 'apps/server/src')), sharedSourcesTime(root));
  if (process.env.SKIP_SERVER_BUILD !== '1' && serverBuilt < serverSources) {
    console.log('Building the server…');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }

  await import(pathToFileURL(join(serverDist, 'main.js')).href);
}
