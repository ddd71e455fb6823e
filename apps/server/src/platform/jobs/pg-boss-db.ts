import type { PGlite } from '@electric-sql/pglite';

/** The `db` contract pg-boss accepts in place of its own pool. */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Lets pg-boss run on embedded PGlite. pg-boss sends its migrations as several statements
 * without parameters, which only PGlite's `exec` accepts; everything parameterised goes through
 * `query`. PGlite serialises both behind its own lock, so they never interleave with a
 * transaction the application holds open.
 */
export function pgliteBossDb(pglite: PGlite): PgBossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
