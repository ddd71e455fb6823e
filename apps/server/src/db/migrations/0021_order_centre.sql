-- Issue 19, decisions 0039–0041: the order centre. Marketplace columns on orders and their lines,
-- the order timeline, SKU mappings, and the indexes the order list filters and sorts on.
ALTER TABLE "orders" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_shipping_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_total_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "latest_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unlinked_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "origin_order_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_unlinked_ok" CHECK ("orders"."unlinked_lines" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "finished_product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "color_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "size_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_product_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_skc_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_sku_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "order_lines" l SET "unit_weight" = o."weight" / GREATEST(o."total_quantity", 1) FROM "orders" o WHERE o."id" = l."order_id";--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE TABLE "order_sku_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"external_sku_id" text NOT NULL,
	"external_product_id" text DEFAULT '' NOT NULL,
	"external_skc_id" text DEFAULT '' NOT NULL,
	"finished_product_id" uuid NOT NULL,
	"color_id" uuid NOT NULL,
	"size_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "order_sku_mappings_sku_uq" ON "order_sku_mappings" USING btree ("tenant_id","merchant_id","shop_id","external_sku_id");--> statement-breakpoint
CREATE INDEX "orders_merchant_status_idx" ON "orders" USING btree ("tenant_id","merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_paid_idx" ON "orders" USING btree ("tenant_id","merchant_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_delivery_idx" ON "orders" USING btree ("tenant_id","merchant_id","latest_delivery_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_updated_idx" ON "orders" USING btree ("tenant_id","merchant_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_third_no_idx" ON "orders" USING btree ("tenant_id","merchant_id","third_party_order_no") WHERE "orders"."third_party_order_no" <> '';--> statement-breakpoint
CREATE INDEX "orders_merchant_sub_no_idx" ON "orders" USING btree ("tenant_id","merchant_id","sub_order_no") WHERE "orders"."sub_order_no" <> '';--> statement-breakpoint
CREATE INDEX "orders_merchant_tracking_idx" ON "orders" USING btree ("tenant_id","merchant_id","tracking_no") WHERE "orders"."tracking_no" <> '';--> statement-breakpoint
CREATE INDEX "orders_merchant_pay_no_idx" ON "orders" USING btree ("tenant_id","merchant_id","pay_no") WHERE "orders"."pay_no" <> '';--> statement-breakpoint
CREATE INDEX "orders_merchant_unlinked_idx" ON "orders" USING btree ("tenant_id","merchant_id","created_at") WHERE "orders"."unlinked_lines" > 0;
