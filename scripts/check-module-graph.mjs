#!/usr/bin/env node
// Issue 16: server modules and web features form a hierarchy. dependency-cruiser (npm run lint:deps)
// refuses cycles between files; this refuses cycles between the folders themselves, where module A
// imports B and B imports A through different files. Test files are left out (they may reach
// across), and so are the modules' schema.ts files: those import each other only for foreign keys
// and nothing else (the schema-only-references rule), so they cannot carry a dependency.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOTS = [
  { name: 'server module', dir: 'apps/server/src/modules' },
  { name: 'web feature', dir: 'apps/web/src/features' },
];
const SOURCE = /\.(ts|tsx|mjs)$/;
const TEST = /\.(test|spec)\.tsx?$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(entry) && !TEST.test(entry) && entry !== 'schema.ts') yield path;
  }
}

/** Folder → the folders its files import, among the root's folders. */
function graphOf(root) {
  const graph = new Map();
  for (const folder of readdirSync(root)) {
    if (!statSync(join(root, folder)).isDirectory()) continue;
    const edges = new Set();
    for (const file of files(join(root, folder))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = match[1] ?? match[2];
        if (!spec?.startsWith('.')) continue;
        const target = relative(root, resolve(dirname(file), spec)).split(sep)[0];
        if (target && target !== folder && !target.startsWith('..')) edges.add(target);
      }
    }
    graph.set(folder, edges);
  }
  return graph;
}

/** Every cycle's folders (strongly connected components of more than one), by Tarjan. */
function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const out = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return out;
}

let failed = false;
for (const { name, dir } of ROOTS) {
  const graph = graphOf(dir);
  for (const cycle of cyclesOf(graph)) {
    failed = true;
    const edges = cycle.flatMap((a) =>
      [...graph.get(a)].filter((b) => cycle.includes(b)).map((b) => `${a} → ${b}`),
    );
    console.error(`✘ ${name}s import each other in a loop: ${cycle.join(', ')}\n    ${edges.join('\n    ')}`);
  }
  if (!failed) console.log(`✔ no cycle between ${name}s (${graph.size} folders)`);
}
if (failed) {
  console.error(
    'Move what both sides need down (app/, session/, a lower module) or declare an extension point (decision 0027).',
  );
  process.exit(1);
}
