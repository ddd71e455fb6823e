-- Issue 20: marketplace order sync and sync health (decision 0052). A shop's sync settings and
-- polling state, the orders webhooks announced (fetch queue and gap detection), the sync records,
-- and the shops module's count of webhooks refused for a bad signature.
CREATE TABLE "sync_shops" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sync_days" integer NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_poll_from" timestamp with time zone,
	"last_poll_to" timestamp with time zone,
	"last_poll_orders" integer DEFAULT 0 NOT NULL,
	"synced_to" timestamp with time zone,
	"last_poll_error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_shops_days" CHECK ("sync_shops"."sync_days" BETWEEN 1 AND 366)
);
--> statement-breakpoint
CREATE TABLE "sync_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"third_party_order_no" text NOT NULL,
	"event_type" text NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"third_party_order_no" text DEFAULT '' NOT NULL,
	"gap" boolean DEFAULT false NOT NULL,
	"message_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_webhook_refusals" (
	"platform" text NOT NULL,
	"vendor_shop_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_webhook_refusals_platform_vendor_shop_id_day_pk" PRIMARY KEY("platform","vendor_shop_id","day")
);
--> statement-breakpoint
ALTER TABLE "sync_shops" ADD CONSTRAINT "sync_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_shops" ADD CONSTRAINT "sync_shops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_shops" ADD CONSTRAINT "sync_shops_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_announcements" ADD CONSTRAINT "sync_announcements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_announcements" ADD CONSTRAINT "sync_announcements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_announcements" ADD CONSTRAINT "sync_announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_records" ADD CONSTRAINT "sync_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_records" ADD CONSTRAINT "sync_records_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_records" ADD CONSTRAINT "sync_records_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sync_shops_due_idx" ON "sync_shops" USING btree ("next_poll_at");
--> statement-breakpoint
CREATE INDEX "sync_shops_merchant_idx" ON "sync_shops" USING btree ("tenant_id","merchant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sync_announcements_order_uq" ON "sync_announcements" USING btree ("shop_id","third_party_order_no");
--> statement-breakpoint
CREATE INDEX "sync_announcements_pending_idx" ON "sync_announcements" USING btree ("announced_at") WHERE "sync_announcements"."fetched_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "sync_records_shop_idx" ON "sync_records" USING btree ("tenant_id","merchant_id","shop_id","created_at");
--> statement-breakpoint
CREATE INDEX "sync_records_gap_idx" ON "sync_records" USING btree ("shop_id","created_at") WHERE "sync_records"."gap";
