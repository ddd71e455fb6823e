import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startPlatform } from './platform-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the platform under test, without a trailing slash. */
    baseUrl: string;
  }
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Builds apps/web into apps/web/dist, which the platform serves. */
function buildWebApp(): void {
  // A production build: vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
  const build = spawnSync('npm', ['run', 'build', '-w', '@pod/web'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    throw new Error(
      `building the web app failed (exit ${String(build.status)}):\n${build.stdout}\n${build.stderr}`,
    );
  }
}

/** Builds the web app and starts the platform, unless E2E_BASE_URL points at a running one. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const externalUrl = process.env.E2E_BASE_URL;
  if (externalUrl) {
    project.provide('baseUrl', externalUrl.replace(/\/+$/, ''));
    return undefined;
  }
  buildWebApp();
  const platform = await startPlatform(REPO_ROOT);
  project.provide('baseUrl', platform.baseUrl);
  return () => platform.stop();
}
