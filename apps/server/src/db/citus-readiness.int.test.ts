import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers/test-database.ts';
import type { Database } from './client.ts';
import {
  COORDINATOR_TABLES,
  DISTRIBUTED_TABLES,
  DISTRIBUTION_COLUMN,
  REFERENCE_TABLES,
} from './distribution.ts';

/*
 * Ready to shard by tenant on Citus (issue 29, decision 0077). The migrated schema is read from
 * the catalogue, not from the drizzle definitions: Citus needs the distribution column in every
 * primary key and unique index of a distributed table and in every foreign key between two of
 * them, and refuses a foreign key from a reference (or coordinator) table to a distributed one.
 */

interface Key {
  table: string;
  name: string;
  columns: string[];
}
interface ForeignKey extends Key {
  target: string;
  targetColumns: string[];
}

describe('the schema is ready to be distributed by tenant on Citus', () => {
  let database: Database & { drop(): Promise<void> };
  let tables: string[];
  let notNull: Map<string, boolean>;
  let primaryKeys: Map<string, string[]>;
  let uniques: Key[];
  let foreignKeys: ForeignKey[];

  beforeAll(async () => {
    database = await openTestDatabase();
    const q = database.raw.query.bind(database.raw);
    tables = (
      await q<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
            AND c.relname NOT LIKE '\\_\\_%' ESCAPE '\\'`,
      )
    ).rows.map((r) => r.name);
    notNull = new Map(
      (
        await q<{ table: string; not_null: boolean }>(
          `SELECT table_name AS table, is_nullable = 'NO' AS not_null FROM information_schema.columns
            WHERE table_schema = 'public' AND column_name = $1`,
          [DISTRIBUTION_COLUMN],
        )
      ).rows.map((r) => [r.table, r.not_null]),
    );
    // Column lists of constraints and indexes, in key order.
    const keyColumns = `(SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(%s) WITH ORDINALITY k(num, ord)
                          JOIN pg_attribute a ON a.attrelid = %s AND a.attnum = k.num)`;
    primaryKeys = new Map(
      (
        await q<{ table: string; columns: string[] }>(
          `SELECT c.conrelid::regclass::text AS table, ${keyColumns.replace('%s', 'c.conkey').replace('%s', 'c.conrelid')} AS columns
             FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE n.nspname = 'public' AND c.contype = 'p'`,
        )
      ).rows.map((r) => [r.table, r.columns]),
    );
    // Unique constraints are backed by unique indexes: reading the indexes covers both.
    uniques = (
      await q<Key>(
        `SELECT t.relname AS table, i.relname AS name,
                ${keyColumns.replace('%s', 'x.indkey::int2[]').replace('%s', 'x.indrelid')} AS columns
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = 'public' AND x.indisunique AND NOT x.indisprimary`,
      )
    ).rows;
    foreignKeys = (
      await q<ForeignKey>(
        `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.confrelid::regclass::text AS target,
                ${keyColumns.replace('%s', 'c.conkey').replace('%s', 'c.conrelid')} AS columns,
                ${keyColumns.replace('%s', 'c.confkey').replace('%s', 'c.confrelid')} AS "targetColumns"
           FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
          WHERE n.nspname = 'public' AND c.contype = 'f'`,
      )
    ).rows;
  });
  afterAll(async () => {
    await database.drop();
  });

  const distributed = new Set<string>(DISTRIBUTED_TABLES);
  const reference = new Set(Object.keys(REFERENCE_TABLES));
  const coordinator = new Set(Object.keys(COORDINATOR_TABLES));

  it('places every table in exactly one list, each non-distributed one with its reason', () => {
    expect(tables.length).toBeGreaterThan(50);
    const unplaced = tables.filter((t) => !distributed.has(t) && !reference.has(t) && !coordinator.has(t));
    expect(unplaced, 'tables in no list of db/distribution.ts').toEqual([]);
    const twice = tables.filter(
      (t) => [distributed, reference, coordinator].filter((s) => s.has(t)).length > 1,
    );
    expect(twice, 'tables in two lists').toEqual([]);
    const listed = [...distributed, ...reference, ...coordinator];
    expect(
      listed.filter((t) => !tables.includes(t)),
      'listed tables that do not exist',
    ).toEqual([]);
    for (const [table, reason] of Object.entries({ ...REFERENCE_TABLES, ...COORDINATOR_TABLES })) {
      expect(reason.length, `${table} needs a reason`).toBeGreaterThan(20);
    }
  });

  it('gives every distributed table a NOT NULL tenant_id in its primary key', () => {
    const wrong = [...distributed].flatMap((table) => {
      const problems: string[] = [];
      if (notNull.get(table) !== true) problems.push(`${table}: ${DISTRIBUTION_COLUMN} missing or nullable`);
      const pk = primaryKeys.get(table);
      if (!pk?.includes(DISTRIBUTION_COLUMN)) problems.push(`${table}: primary key (${pk?.join(', ')})`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('leads a key that holds the row id with the id, so a look-up by id alone uses it (decision 0083)', () => {
    const keyed = [...distributed].filter((table) => primaryKeys.get(table)?.includes('id'));
    expect(keyed.length).toBeGreaterThan(40);
    const wrong = keyed
      .map((table) => `${table} (${primaryKeys.get(table)!.join(', ')})`)
      .filter((key) => !key.endsWith('(id, tenant_id)'));
    expect(wrong).toEqual([]);
  });

  it('puts tenant_id in every unique index of a distributed table', () => {
    const wrong = uniques
      .filter((u) => distributed.has(u.table) && !u.columns.includes(DISTRIBUTION_COLUMN))
      .map((u) => `${u.table}.${u.name} (${u.columns.join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('carries tenant_id on both sides of every foreign key between distributed tables', () => {
    const between = foreignKeys.filter((f) => distributed.has(f.table) && distributed.has(f.target));
    expect(between.length).toBeGreaterThan(20);
    const wrong = between
      .filter((f) => {
        const at = f.columns.indexOf(DISTRIBUTION_COLUMN);
        return at < 0 || f.targetColumns[at] !== DISTRIBUTION_COLUMN;
      })
      .map((f) => `${f.table}.${f.name} (${f.columns.join(', ')}) -> ${f.target}`);
    expect(wrong).toEqual([]);
  });

  it('has no foreign key from a reference or coordinator table to a distributed one, nor to the coordinator from elsewhere', () => {
    const wrong = foreignKeys
      .filter(
        (f) =>
          (!distributed.has(f.table) && distributed.has(f.target)) ||
          (reference.has(f.table) && coordinator.has(f.target)) ||
          (distributed.has(f.table) && coordinator.has(f.target)),
      )
      .map((f) => `${f.table}.${f.name} -> ${f.target}`);
    expect(wrong).toEqual([]);
  });

  it('is what docs/operations/scale-out.md lists, section by section', () => {
    const guide = readFileSync(join(import.meta.dirname, '../../../../docs/operations/scale-out.md'), 'utf8');
    const section = (heading: string) => {
      const start = guide.indexOf(`### ${heading}`);
      expect(start, heading).toBeGreaterThan(0);
      const end = guide.indexOf('\n#', start + 4);
      return new Set([...guide.slice(start, end).matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));
    };
    const sections: Array<[string, Set<string>]> = [
      ['Distributed', distributed],
      ['Reference tables', reference],
      ['Coordinator-local tables', coordinator],
    ];
    for (const [heading, list] of sections) {
      const named = section(heading);
      expect(
        [...list].filter((t) => !named.has(t)),
        `missing under "${heading}"`,
      ).toEqual([]);
      const misplaced = [...named].filter((t) => tables.includes(t) && !list.has(t));
      expect(misplaced, `listed under "${heading}" but placed elsewhere`).toEqual([]);
    }
  });
});
