ALTER TABLE "orders" ADD COLUMN "carrier_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "order_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"tracking_no" text NOT NULL,
	"method_id" uuid,
	"method_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'awaiting_file' NOT NULL,
	"file_key" text,
	"file_name" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'import' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_labels_file_ok" CHECK (("status" = 'ready') = ("file_key" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "label_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_labels" ADD CONSTRAINT "order_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_labels_order_uq" ON "order_labels" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_labels_tracking_uq" ON "order_labels" USING btree ("tenant_id","tracking_no");--> statement-breakpoint
CREATE INDEX "order_labels_merchant_idx" ON "order_labels" USING btree ("tenant_id","merchant_id","updated_at");--> statement-breakpoint
CREATE INDEX "label_splits_merchant_idx" ON "label_splits" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_factory_status_idx" ON "orders" USING btree ("tenant_id","factory_id","status","paid_at");
