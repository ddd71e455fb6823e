import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key: random UUIDs, so ids reveal nothing and shard by tenant without collisions. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Money in integer minor units (fen/cents). Stored as bigint; read as a JS number, which is exact
 * up to 2^53 minor units (about 90 trillion yuan), so JSON replies need no string conversion.
 */
export const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * The id of a row of a table distributed by tenant (decision 0077): Citus needs the distribution
 * column in every primary key, so such a table's key is `(tenant_id, id)`. The id stays a random
 * UUID, unique in practice on its own.
 */
export const rowId = () => uuid('id').notNull().defaultRandom();
