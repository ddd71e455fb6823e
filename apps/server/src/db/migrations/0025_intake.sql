-- Issue 20, decision 0051: order intake. The marketplace's state on orders and lines (the one
-- idempotent upsert of spreadsheet import and sync), one order per shop and third-party number,
-- and the spreadsheet import records.
ALTER TABLE "orders" ADD COLUMN "vendor_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vendor_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "intake_channels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "intake_channels" = ARRAY["source"]::text[] WHERE "source" IN ('import', 'sync');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_third_no_uq" ON "orders" USING btree ("shop_id","third_party_order_no") WHERE "orders"."shop_id" IS NOT NULL AND "orders"."third_party_order_no" <> '' AND "orders"."origin_order_no" = '';--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_line_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "seller_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_sku_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_image_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sales_unit_price" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "customisation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "order_import_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"platform" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"template" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_order_count" integer DEFAULT 0 NOT NULL,
	"failed_row_count" integer DEFAULT 0 NOT NULL,
	"failed_file_key" text,
	"error" text,
	"lang" text DEFAULT 'zh-cn' NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_import_records" ADD CONSTRAINT "order_import_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_import_records" ADD CONSTRAINT "order_import_records_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_import_records_code_uq" ON "order_import_records" USING btree ("code");--> statement-breakpoint
CREATE INDEX "order_import_records_merchant_idx" ON "order_import_records" USING btree ("tenant_id","merchant_id","created_at");
