import type { Database } from '../../src/db/client.ts';

/** Transaction control is not a read or a write of data: not counted. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * The statements `run` makes the database execute (ORM queries, prepared statements, raw SQL;
 * BEGIN/COMMIT/ROLLBACK left out), in order. Listens only while `run` is going.
 */
export async function statementsOf<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const before = database.statements.listener;
  database.statements.listener = (text) => {
    if (!CONTROL.test(text)) statements.push(text);
  };
  try {
    const result = await run();
    return { result, statements };
  } finally {
    database.statements.listener = before;
  }
}
