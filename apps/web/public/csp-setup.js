// Runs before the app's modules (a classic script ahead of the module script in index.html).
// zod compiles object parsers with `new Function` unless it runs jitless; the Content Security
// Policy forbids eval, and even zod's probe for it is reported as a violation (issue 17 finding 5).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
