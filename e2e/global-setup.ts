import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildWebApp, webBuildIsStale } from '../scripts/web-build.mjs';
import { startPlatform } from './platform-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the platform under test, without a trailing slash. */
    baseUrl: string;
  }
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds apps/web into apps/web/dist, which the platform serves, unless the build is newer than its
 * sources (CI's production build step has just made it).
 */
function ensureWebBuild(): void {
  if (!webBuildIsStale(REPO_ROOT)) return;
  const build = buildWebApp(REPO_ROOT, 'pipe');
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
  ensureWebBuild();
  const platform = await startPlatform(REPO_ROOT);
  project.provide('baseUrl', platform.baseUrl);
  return () => platform.stop();
}
