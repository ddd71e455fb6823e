// Run by scripts/build-server.mjs on the bundle it has just written (dist/make-cluster-template.js):
// writes the prepared embedded database beside dist/main.js (src/startup.ts, decision 0087).
import { clusterTemplatePath, writeClusterTemplate } from './startup.ts';

const started = performance.now();
const path = clusterTemplatePath();
await writeClusterTemplate(path);
console.log(`cluster template ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
