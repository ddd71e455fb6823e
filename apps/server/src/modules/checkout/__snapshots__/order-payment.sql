    WITH g AS (SELECT "orders"."id" AS id, "orders"."total_amount" AS amount, "orders"."currency" AS currency
        FROM "orders"
        WHERE "orders"."tenant_id" = $1::uuid AND "orders"."merchant_id" = $2::uuid
          AND "orders"."order_no" = $3::text AND "orders"."status" = 'unpaid' AND "orders"."expires_at" > now()
          AND "orders"."unlinked_lines" = 0 AND "orders"."review_lines" = 0
          AND ($4::boolean OR "orders"."department_id" = ANY($5::uuid[]) OR "orders"."created_by" = $6::uuid)
          AND EXISTS (SELECT 1 FROM "shipping_rates" INNER JOIN "shipping_methods" ON "shipping_methods"."id" = "shipping_rates"."method_id" WHERE (("shipping_rates"."tenant_id" = "orders"."tenant_id" and "shipping_methods"."tenant_id" = "orders"."tenant_id" and "shipping_rates"."factory_id" = "orders"."factory_id" and "shipping_rates"."status" = $7 and "shipping_methods"."status" = $8 and "orders"."country_code"::text = ANY("shipping_methods"."destination_countries")) and "shipping_methods"."id" = ("orders"."shipping"->>'method_id')::uuid and "shipping_rates"."id" = ("orders"."shipping"->>'rate_id')::uuid and "shipping_rates"."version" = ("orders"."shipping"->>'rate_version')::int and "shipping_rates"."currency" = ("orders"."shipping"->>'currency') and "orders"."weight" > 0 AND "orders"."weight" <= 1000000 and ("shipping_rates"."max_weight_g" IS NULL OR "shipping_rates"."max_weight_g" >= "orders"."weight")))
        FOR UPDATE OF "orders"),
    k AS (
      INSERT INTO wallet_idempotency_keys (merchant_id, key, request_hash, transaction_id)
      SELECT $9::uuid, $10, $11, $12::uuid
      WHERE EXISTS (SELECT 1 FROM g)
      ON CONFLICT DO NOTHING
      RETURNING transaction_id
    ), w AS (
      UPDATE wallets
      SET balance = balance - g.amount, last_seq = last_seq + 1, updated_at = now()
      FROM g
      WHERE wallets.tenant_id = $13::uuid AND wallets.merchant_id = $14::uuid
        AND wallets.currency = g.currency AND g.amount > 0 AND wallets.balance >= g.amount
        AND EXISTS (SELECT 1 FROM k)
      RETURNING wallets.id, wallets.balance, wallets.last_seq, g.amount, wallets.currency
    ), t AS (
      INSERT INTO wallet_transactions
        (id, tenant_id, merchant_id, wallet_id, seq, trade_no, third_party_no, reference_type, reference,
         pay_method, type, currency, status, amount, balance_before, balance_after, paid_at, arrived_at,
         operator_id, remark)
      SELECT $15::uuid, $16::uuid, $17::uuid, w.id, w.last_seq,
        'W' || to_char((now() AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || lpad(nextval('wallet_trade_no_seq')::text, 10, '0'), $18::text, $19::text,
        $20::text, $21, $22, w.currency, 'success',
        -w.amount, w.balance + w.amount, w.balance,
        $23::timestamptz, $24::timestamptz, $25::uuid, $26
      FROM w
      RETURNING wallet_id, seq, trade_no, created_at, balance_after, paid_at, amount, currency
    ), a AS (UPDATE "orders" SET status = 'paid', pay_method = $27::text, pay_no = t.trade_no,
        paid_at = t.paid_at, updated_at = now() FROM t, g WHERE "orders"."id" = g.id RETURNING "orders"."id")
    SELECT (SELECT count(*) FROM g)::int AS guarded, (SELECT count(*) FROM k)::int AS claimed,
      (SELECT amount FROM g LIMIT 1) AS priced,
      (SELECT count(*) FROM a)::int AS followed, t.wallet_id, t.seq, t.trade_no, t.created_at,
      t.balance_after, t.amount, t.currency
    FROM (SELECT 1) AS one LEFT JOIN t ON true
