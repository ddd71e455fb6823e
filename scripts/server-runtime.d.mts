/** Node's flags for a server process of this role (see server-runtime.mjs). */
export declare function serverNodeFlags(role?: string): readonly string[];
/** `env` with what the server's process needs added (what `env` already sets is kept). */
export declare function serverEnv<E extends NodeJS.ProcessEnv>(env?: E): E;
/** The flags of serverNodeFlags(role) that this process was not started with. */
export declare function missingServerFlags(execArgv?: readonly string[], role?: string): string[];
/** Whether this process already runs as a server of its role should (flags and environment). */
export declare function runsAsServer(): boolean;
