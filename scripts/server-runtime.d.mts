/** Node's flags for the server (see server-runtime.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** `env` with what the server's process needs added (what `env` already sets is kept). */
export declare function serverEnv<E extends NodeJS.ProcessEnv>(env?: E): E;
/** The flags of SERVER_NODE_FLAGS that this process was not started with. */
export declare function missingServerFlags(execArgv?: readonly string[]): string[];
/** Whether this process already runs as the server should (flags and environment). */
export declare function runsAsServer(): boolean;
