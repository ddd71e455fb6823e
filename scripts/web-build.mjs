// The web app's build (apps/web/dist), shared by `npm start` and the browser tests' set-up: it is
// built when it is missing or older than its sources, and always as a production build (React's
// production bundle, precompressed: decision 0075), whatever NODE_ENV the caller runs under.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** When the shared packages the web app and the server both build from last changed. */
export function sharedSourcesTime(root) {
  return Math.max(
    newestMtime(join(root, 'packages/shared/src')),
    newestMtime(join(root, 'packages/design/src')),
  );
}

/** Whether apps/web/dist is missing or older than the web app's sources or the shared packages. */
export function webBuildIsStale(root) {
  const web = join(root, 'apps/web');
  const builtIndex = join(web, 'dist/index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => newestMtime(join(web, p)));
  const sourceTime = Math.max(...sources, sharedSourcesTime(root));
  const builtTime = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  return builtTime < sourceTime;
}

/**
 * Builds the web app (`npm run build -w @pod/web`) with NODE_ENV=production: under NODE_ENV=test,
 * as the test runners set it, Vite would bundle React's development build.
 */
export function buildWebApp(root, stdio = 'inherit') {
  return spawnSync('npm', ['run', 'build', '-w', '@pod/web'], {
    cwd: root,
    stdio,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
