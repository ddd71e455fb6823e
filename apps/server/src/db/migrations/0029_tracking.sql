-- Issue 21: tracking pushed back to the marketplaces (decision 0055). A shop's auto-ship hours and
-- carrier mapping, and one row per push of an order's tracking, unique by order, package and
-- tracking number (a push is claimed before the vendor is called; its outcome is written in the
-- same transaction that releases it), so a repeated push never ships the same package twice.
CREATE TABLE "tracking_shop_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"auto_ship_enabled" boolean DEFAULT false NOT NULL,
	"auto_ship_hours" integer DEFAULT 24 NOT NULL,
	"default_provider_id" text,
	"carrier_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_shop_settings_hours" CHECK ("tracking_shop_settings"."auto_ship_hours" BETWEEN 1 AND 240)
);
--> statement-breakpoint
CREATE TABLE "tracking_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"third_party_order_no" text NOT NULL,
	"package_ref" text DEFAULT '' NOT NULL,
	"tracking_no" text NOT NULL,
	"push_key" text NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"provider_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"market_state" text,
	"trigger" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"package_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_kind" text,
	"error_message" text,
	"vendor_code" text,
	"created_by" uuid,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_pushes_state" CHECK ("tracking_pushes"."state" IN ('pending', 'sending', 'retrying', 'succeeded', 'failed')),
	CONSTRAINT "tracking_pushes_market_state" CHECK (("tracking_pushes"."state" = 'succeeded') = ("tracking_pushes"."market_state" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" ADD CONSTRAINT "tracking_shop_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" ADD CONSTRAINT "tracking_shop_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" ADD CONSTRAINT "tracking_shop_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "tracking_shop_settings_merchant_idx" ON "tracking_shop_settings" USING btree ("tenant_id","merchant_id");
--> statement-breakpoint
CREATE INDEX "tracking_shop_settings_auto_idx" ON "tracking_shop_settings" USING btree ("shop_id") WHERE "tracking_shop_settings"."auto_ship_enabled";
--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_pushes_key_uq" ON "tracking_pushes" USING btree ("push_key");
--> statement-breakpoint
CREATE INDEX "tracking_pushes_merchant_idx" ON "tracking_pushes" USING btree ("tenant_id","merchant_id","created_at");
--> statement-breakpoint
CREATE INDEX "tracking_pushes_order_idx" ON "tracking_pushes" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "tracking_pushes_due_idx" ON "tracking_pushes" USING btree ("next_attempt_at") WHERE "tracking_pushes"."state" IN ('pending', 'retrying', 'sending');
