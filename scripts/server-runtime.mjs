// How the server's Node runs, wherever it is started: `npm start` (scripts/start.mjs) and the
// benchmarks that start a server of their own, so that they measure the server as it runs.
//
// - On Linux, MALLOC_ARENA_MAX=2 (decision 0020): glibc's per-thread arenas otherwise keep the
//   renderer's freed pixel buffers.
// - V8's heap may grow by half of what is live after a full collection (decision 0051): by
//   default it lets garbage pile up to several times the live heap on a machine with memory to
//   spare (500 MB of it during a 100,000-row import).

/** Node's flags for the server. */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50'];

/** The environment variables the server needs that `env` does not set. */
function missingServerEnv(env) {
  return process.platform === 'linux' && !env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: '2' } : {};
}

/** `env` with what the server's process needs added (what `env` already sets is kept). */
export function serverEnv(env = process.env) {
  return { ...env, ...missingServerEnv(env) };
}

/** The flags of SERVER_NODE_FLAGS that this process was not started with. */
export function missingServerFlags(execArgv = process.execArgv) {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.some((a) => a.startsWith(flag.split('=')[0])));
}

/** Whether this process already runs as the server should (flags and environment). */
export function runsAsServer() {
  return missingServerFlags().length === 0 && Object.keys(missingServerEnv(process.env)).length === 0;
}
