-- Primary keys of the distributed tables become (id, tenant_id) instead of (tenant_id, id)
-- (decision 0083). Both hold tenant_id, which is all Citus asks of a key (decision 0077), but a
-- key led by tenant_id cannot serve a look-up by id alone: since 0042 every "WHERE id = $1" that
-- did not also name the tenant (an order's update after an action, a line, a push, a listing)
-- scanned its whole table. Led by id, the key serves both "id = $1" and "tenant_id = $1 AND
-- id = $2"; a look-up by tenant alone has the tables' own tenant indexes.
-- Generic, from the catalogue: for every primary key that is exactly (tenant_id, id), the foreign
-- keys that lean on it are dropped, the key is rebuilt in the new order under drizzle's name for
-- it (<table>_id_tenant_id_pk), and the foreign keys are put back as they were.
DO $$
DECLARE
  k record;
  f record;
  fks text[][];
  i int;
BEGIN
  FOR k IN
    SELECT c.oid, c.conrelid::regclass AS tbl, c.conname, cl.relname
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    WHERE c.contype = 'p' AND n.nspname = 'public'
      AND (SELECT array_agg(a.attname ORDER BY u.ord)
           FROM unnest(c.conkey) WITH ORDINALITY u(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = u.attnum) = ARRAY['tenant_id', 'id']::name[]
  LOOP
    fks := ARRAY[]::text[][];
    FOR f IN
      SELECT d.conrelid::regclass AS tbl, d.conname, pg_get_constraintdef(d.oid) AS def
      FROM pg_constraint d
      WHERE d.contype = 'f' AND d.confrelid = k.tbl AND d.conindid = (SELECT conindid FROM pg_constraint WHERE oid = k.oid)
    LOOP
      fks := fks || ARRAY[ARRAY[f.tbl::text, f.conname::text, f.def]];
      EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', f.tbl, f.conname);
    END LOOP;
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', k.tbl, k.conname);
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I PRIMARY KEY (id, tenant_id)', k.tbl, k.relname || '_id_tenant_id_pk');
    IF array_length(fks, 1) IS NOT NULL THEN
      FOR i IN 1 .. array_length(fks, 1) LOOP
        EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', fks[i][1], fks[i][2], fks[i][3]);
      END LOOP;
    END IF;
  END LOOP;
END $$;
