CREATE TABLE "publish_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"finished_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"finished_code" text NOT NULL,
	"finished_name" text NOT NULL,
	"shop_name" text NOT NULL,
	"template_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"edited_since_publish" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"external_product_id" text,
	"external_skc_id" text,
	"external_skus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fail_reason" text,
	"publish_started_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"audit_status" text DEFAULT 'none' NOT NULL,
	"audited_at" timestamp with time zone,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_listings_status" CHECK ("publish_listings"."status" IN ('draft', 'to_be_released', 'in_release', 'released', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "publish_listings_finished_shop_uq" ON "publish_listings" USING btree ("tenant_id","finished_id","shop_id");
--> statement-breakpoint
CREATE INDEX "publish_listings_owner_idx" ON "publish_listings" USING btree ("tenant_id","merchant_id","created_at");
--> statement-breakpoint
CREATE TABLE "publish_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_templates_name" CHECK (char_length("publish_templates"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE INDEX "publish_templates_owner_idx" ON "publish_templates" USING btree ("tenant_id","merchant_id");
--> statement-breakpoint
ALTER TABLE "finished_products" ADD COLUMN "publish_status" text DEFAULT 'draft' NOT NULL;
--> statement-breakpoint
ALTER TABLE "finished_products" ADD COLUMN "published_at" timestamp with time zone;
