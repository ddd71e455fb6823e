CREATE TABLE "marketplace_rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"word" text NOT NULL,
	"level" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_words_lengths" CHECK (char_length("risk_words"."word") BETWEEN 1 AND 500 AND char_length("risk_words"."level") <= 500)
);
--> statement-breakpoint
CREATE TABLE "shop_auth_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_credentials" (
	"shop_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refresh_lease_until" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_credentials_shop_id_slot_pk" PRIMARY KEY("shop_id","slot")
);
--> statement-breakpoint
CREATE TABLE "shop_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"event_id" text NOT NULL,
	"vendor_shop_id" text,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"auth_state" text DEFAULT 'unauthorised' NOT NULL,
	"code" text,
	"seller_id" text,
	"seller_name" text,
	"region" text,
	"shop_cipher" text,
	"auth_expires_at" timestamp with time zone,
	"authorised_at" timestamp with time zone,
	"auth_error" text,
	"system_warehouse_id" text,
	"warehouses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_words" ADD CONSTRAINT "risk_words_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_words" ADD CONSTRAINT "risk_words_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_auth_states" ADD CONSTRAINT "shop_auth_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_auth_states" ADD CONSTRAINT "shop_auth_states_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_auth_states" ADD CONSTRAINT "shop_auth_states_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_credentials" ADD CONSTRAINT "shop_credentials_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_credentials" ADD CONSTRAINT "shop_credentials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_credentials" ADD CONSTRAINT "shop_credentials_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_words_merchant_word_uq" ON "risk_words" USING btree ("tenant_id","merchant_id","word");--> statement-breakpoint
CREATE INDEX "shop_auth_states_expiry_idx" ON "shop_auth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shop_credentials_expiry_idx" ON "shop_credentials" USING btree ("access_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_webhook_events_uq" ON "shop_webhook_events" USING btree ("platform","event_id");--> statement-breakpoint
CREATE INDEX "shops_merchant_idx" ON "shops" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_vendor_shop_uq" ON "shops" USING btree ("tenant_id","platform","seller_id") WHERE "shops"."seller_id" IS NOT NULL AND "shops"."platform" <> 'other';