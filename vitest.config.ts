import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: unit tests (pure, no I/O) and the server's integration tests
 * against buildApp() and a real database (PGlite, or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Unit tests are pure and bounded by their own work (property tests by numRuns), never by
          // the clock: a loaded machine makes them slower, not wrong (issue 17 finding 13).
          testTimeout: 0,
        },
      },
      {
        test: {
          name: 'server-int',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup-fonts.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One process runs the files one after another and keeps the modules it has loaded: each
          // file still builds its own app on its own database, and nothing in the app is a
          // process-wide singleton that outlives it. Loading the app's modules again for every file
          // cost about a third of the integration run.
          isolate: false,
        },
      },
    ],
  },
});
