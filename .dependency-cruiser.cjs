/**
 * The import rules `npm run lint:deps` checks (part of `npm run lint`, so of CI): no import cycles,
 * and the server's layers. Type-only imports count: a cycle through `import type` is still a
 * cycle in the design.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
const SERVER = '^apps/server/src/';
const TEST_FILE = '\\.test\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle. Break it at the root: a platform mechanism takes a narrow interface it ' +
        'declares itself; a lower module declares a provider the higher one registers; a function ' +
        'moves to the module that owns it.',
      from: { path: '^(apps/(server|web)/src|packages/[^/]+/src)/' },
      to: { circular: true },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: 'A module reaches another only through that module\'s index.ts (README "Architecture").',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'platform-is-mechanism',
      severity: 'error',
      comment:
        'platform/ holds mechanisms with no business rules: it imports no module and not the ' +
        'composition root (services.ts, app.ts); it declares the narrow interfaces it needs and ' +
        'the composition root hands it an implementation. Its tests may build the whole app.',
      from: { path: `${SERVER}platform/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(modules/|services\\.ts$|app\\.ts$)` },
    },
    {
      name: 'production-without-test-code',
      severity: 'error',
      comment:
        'Production code (the seed included) never imports apps/server/test; test code may ' +
        'import production code.',
      from: { path: SERVER, pathNot: TEST_FILE },
      to: { path: '^apps/server/test/' },
    },
  ],
  options: {
    // The workspaces' own sources only: dependencies are not followed, which keeps this fast.
    includeOnly: '^(apps/(server|web)/src|apps/server/test|packages/[^/]+/src)/',
    // Keeps `import type` (and other imports TypeScript erases) in the graph.
    tsPreCompilationDeps: true,
    // `@pod/*` resolve through their package.json `exports` to packages/*/src, so imports across
    // the workspaces are in the graph too.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
