import type { SpawnSyncReturns, StdioOptions } from 'node:child_process';

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
export declare function newestMtime(path: string): number;
/** When the shared packages the web app and the server both build from last changed. */
export declare function sharedSourcesTime(root: string): number;
/** Whether apps/web/dist is missing or older than the web app's sources or the shared packages. */
export declare function webBuildIsStale(root: string): boolean;
/** Builds the web app with NODE_ENV=production (see web-build.mjs). */
export declare function buildWebApp(root: string, stdio?: StdioOptions): SpawnSyncReturns<string>;
