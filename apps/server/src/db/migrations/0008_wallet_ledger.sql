CREATE SEQUENCE "public"."wallet_trade_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "wallet_alipay_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"alipay_trade_no" text,
	"paid_at" timestamp with time zone,
	"notify_count" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_alipay_orders_amount_pos" CHECK ("wallet_alipay_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"receipt_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"transfer_type" text NOT NULL,
	"payment_account_id" uuid,
	"receipt_image_ids" uuid[] DEFAULT '{}' NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_remark" text DEFAULT '' NOT NULL,
	"reviewer_id" uuid,
	"reviewed_at" timestamp with time zone,
	"transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_bank_transfers_amount_pos" CHECK ("wallet_bank_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_idempotency_keys_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"seq" bigint,
	"trade_no" text NOT NULL,
	"third_party_no" text,
	"reference_type" text,
	"reference" text,
	"pay_method" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"amount" bigint NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"operator_id" uuid,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "wallet_transactions_amount_nonzero" CHECK ("wallet_transactions"."amount" <> 0),
	CONSTRAINT "wallet_transactions_after_nonneg" CHECK ("wallet_transactions"."balance_after" >= 0 AND "wallet_transactions"."balance_before" >= 0),
	CONSTRAINT "wallet_transactions_chain" CHECK ("wallet_transactions"."status" <> 'success' OR ("wallet_transactions"."balance_after" = "wallet_transactions"."balance_before" + "wallet_transactions"."amount" AND "wallet_transactions"."seq" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_nonneg" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_remark" text DEFAULT '' NOT NULL,
	"reviewer_id" uuid,
	"reviewed_at" timestamp with time zone,
	"hold_transaction_id" uuid NOT NULL,
	"release_transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_withdrawals_amounts" CHECK ("wallet_withdrawals"."amount" > 0 AND "wallet_withdrawals"."fee" >= 0 AND "wallet_withdrawals"."fee" <= "wallet_withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "wallet_alipay_orders" ADD CONSTRAINT "wallet_alipay_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_alipay_orders" ADD CONSTRAINT "wallet_alipay_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bank_transfers" ADD CONSTRAINT "wallet_bank_transfers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bank_transfers" ADD CONSTRAINT "wallet_bank_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bank_transfers" ADD CONSTRAINT "wallet_bank_transfers_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_alipay_orders_out_trade_no_uq" ON "wallet_alipay_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "wallet_alipay_orders_merchant_idx" ON "wallet_alipay_orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_bank_transfers_tenant_idx" ON "wallet_bank_transfers" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_bank_transfers_merchant_idx" ON "wallet_bank_transfers" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_trade_no_uq" ON "wallet_transactions" USING btree ("trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_wallet_seq_uq" ON "wallet_transactions" USING btree ("wallet_id","seq");--> statement-breakpoint
CREATE INDEX "wallet_transactions_merchant_idx" ON "wallet_transactions" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_tenant_idx" ON "wallet_transactions" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_merchant_currency_uq" ON "wallets" USING btree ("merchant_id","currency");--> statement-breakpoint
CREATE INDEX "wallets_tenant_idx" ON "wallets" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_tenant_idx" ON "wallet_withdrawals" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_merchant_idx" ON "wallet_withdrawals" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE FUNCTION "wallet_transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transactions is append-only: a correction is a new transaction';
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_append_only" BEFORE UPDATE OR DELETE ON "wallet_transactions" FOR EACH ROW EXECUTE FUNCTION "wallet_transactions_append_only"();
