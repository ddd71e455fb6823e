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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One Chromium per spec file; running files one after another keeps the machine responsive.
    fileParallelism: false,
  },
});
