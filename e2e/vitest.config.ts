import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests (CONVENTIONS §10: `e2e/*.spec.ts`, Chromium against the running server).
 * `npm run test:e2e`; set E2E_BASE_URL to test an already running platform instead of starting one.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    // A limit for a hung test, not a speed target (benchmarks measure speed). In CI the browser tests
    // share the 2-core machine with the PGlite pass (.ci/run), which slows the longest flows (about
    // 35 s alone) by up to half again.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One Chromium per spec file; running files one after another keeps the machine responsive.
    fileParallelism: false,
  },
});
