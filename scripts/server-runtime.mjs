// How the server's Node runs, wherever it is started: `npm start` (scripts/start.mjs) and the
// benchmarks that start a server of their own, so that they measure the server as it runs.
//
// - On Linux, MALLOC_ARENA_MAX=2 (decision 0020): glibc's per-thread arenas otherwise keep the
//   renderer's freed pixel buffers.
// - V8's heap may grow by half of what is live after a full collection (decision 0051): by
//   default it lets garbage pile up to several times the live heap on a machine with memory to
//   spare (500 MB of it during a 100,000-row import).
// - An API process (PROCESS_ROLE=api, `npm run start:api`) has a 64 MB young generation semi-space
//   instead of V8's 16 MB (decision 0097). Its requests allocate fast and live for tens of
//   milliseconds: with the small one, several collections a second copy every request in flight
//   and promote many of them. Processes that run jobs (`all`, `worker`) keep the default: a large
//   import's parser would hold the larger space's garbage (decision 0096).

const COMMON_FLAGS = ['--heap-growing-percent=50'];
const API_FLAGS = [...COMMON_FLAGS, '--max-semi-space-size=64'];

/** Node's flags for a server process of this role (PROCESS_ROLE: all, api or worker). */
export function serverNodeFlags(role = process.env.PROCESS_ROLE) {
  return role === 'api' ? API_FLAGS : COMMON_FLAGS;
}

/** The environment variables the server needs that `env` does not set. */
function missingServerEnv(env) {
  return process.platform === 'linux' && !env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: '2' } : {};
}

/** `env` with what the server's process needs added (what `env` already sets is kept). */
export function serverEnv(env = process.env) {
  return { ...env, ...missingServerEnv(env) };
}

/** The flags of serverNodeFlags(role) that this process was not started with. */
export function missingServerFlags(execArgv = process.execArgv, role = process.env.PROCESS_ROLE) {
  return serverNodeFlags(role).filter((flag) => !execArgv.some((a) => a.startsWith(flag.split('=')[0])));
}

/** Whether this process already runs as a server of its role should (flags and environment). */
export function runsAsServer() {
  return missingServerFlags().length === 0 && Object.keys(missingServerEnv(process.env)).length === 0;
}
