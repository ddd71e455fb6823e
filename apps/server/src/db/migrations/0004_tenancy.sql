CREATE TABLE "levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"validity_days" integer DEFAULT 365 NOT NULL,
	"annual_fee" bigint DEFAULT 0 NOT NULL,
	"price_type" text DEFAULT 'free' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"price_mode" text DEFAULT 'year' NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_rate" numeric(5, 2) DEFAULT '100.00' NOT NULL,
	"discount_start" date,
	"discount_end" date,
	"design_count" integer DEFAULT 0 NOT NULL,
	"storage_count" integer DEFAULT 0 NOT NULL,
	"supplier_user_count" integer DEFAULT 0 NOT NULL,
	"factory_count" integer DEFAULT 0 NOT NULL,
	"factory_user_count" integer DEFAULT 0 NOT NULL,
	"merchant_count" integer DEFAULT 0 NOT NULL,
	"merchant_user_count" integer DEFAULT 0 NOT NULL,
	"product_template_count" integer DEFAULT 0 NOT NULL,
	"platform_ids" text[] DEFAULT '{}' NOT NULL,
	"shop_count" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"update_mode" text DEFAULT 'manual' NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"next_update_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"account_name" text NOT NULL,
	"bank_type" text DEFAULT '' NOT NULL,
	"bank_name" text NOT NULL,
	"card_number" text NOT NULL,
	"currency" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "level_id" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "level_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "level_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "level_start" date;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "level_end" date;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "settled_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "settled_mode" text DEFAULT 'cooperative' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "admin_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "factory_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "icp_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "icp_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "ssl_cert" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "ssl_key_encrypted" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "verify_mode" text DEFAULT 'click' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "verify_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "service_charge_mode" text DEFAULT 'per_order' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "service_charge_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "levels_tenant_idx" ON "levels" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_idx" ON "exchange_rates" USING btree ("currency","effective_from");--> statement-breakpoint
CREATE INDEX "payment_accounts_tenant_idx" ON "payment_accounts" USING btree ("tenant_id");