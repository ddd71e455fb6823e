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
      comment:
        'A module reaches another only through that module\'s index.ts (README "Architecture"). ' +
        "That includes its tables: another module's schema.ts is not to be imported; call the " +
        'function its index.ts exports for those rows (or the SQL fragment, inside one statement). ' +
        'Only schema.ts files may import each other, for foreign keys (schema-only-references).',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: `${SERVER}modules/[^/]+/schema\\.ts$` },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'schema-only-references',
      severity: 'error',
      comment:
        'A schema.ts declares tables and nothing else: it imports only the shared column helpers ' +
        "(db/columns.ts) and, for a foreign key's .references() or a shared column helper " +
        "(tenantRef, RECORD_STATUSES), another module's schema.ts. Not that module's index.ts: " +
        'the index reaches its services, which import db/client.ts, which types itself on the ' +
        'aggregate db/schema/index.ts, which imports this file — a cycle — and drizzle-kit would ' +
        'load the whole app to read the tables.',
      from: { path: `${SERVER}(modules|platform)/[^/]+/schema\\.ts$` },
      to: {
        path: SERVER,
        pathNot: [`${SERVER}modules/[^/]+/schema\\.ts$`, `${SERVER}db/columns\\.ts$`],
      },
    },
    {
      name: 'module-owns-its-tables',
      severity: 'error',
      comment:
        'Tables belong to their module (issue 16): a module imports its own tables from ' +
        './schema.ts, never the aggregate db/schema/index.ts (which is for drizzle-kit, the db ' +
        "client's typing, migrations, the seed and tests), nor a platform mechanism's schema.ts " +
        "(use the mechanism's functions, e.g. platform/auth/sessions.ts liveSession). For another " +
        "module's rows, call the function that module exports from its index.ts.",
      from: { path: `${SERVER}modules/`, pathNot: TEST_FILE },
      to: { path: [`${SERVER}db/schema/`, `${SERVER}platform/[^/]+/schema\\.ts$`] },
    },
    {
      name: 'module-keeps-its-tables',
      severity: 'error',
      comment:
        "A module's index.ts does not export its tables: other modules get rows through named " +
        'functions (or an SQL fragment for one statement), so the owner alone decides how its ' +
        'tables are read and written. Foreign keys import the schema.ts directly (schema-only-references).',
      from: { path: `${SERVER}modules/([^/]+)/index\\.ts$` },
      to: { path: `${SERVER}modules/$1/schema\\.ts$` },
    },
    {
      name: 'platform-owns-its-tables',
      severity: 'error',
      comment:
        'A platform mechanism keeps its tables in its own schema.ts (platform/jobs/schema.ts, ' +
        'platform/auth/schema.ts) and never imports the aggregate db/schema/index.ts; nor does ' +
        'the rest of production code outside db/ (integrations, the composition root). The ' +
        "aggregate is for drizzle-kit, the db client's typing, migrations, the seed and tests.",
      from: { path: SERVER, pathNot: [`${SERVER}(db|modules)/`, TEST_FILE] },
      to: { path: `${SERVER}db/schema/` },
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
