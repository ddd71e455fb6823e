CREATE TABLE "finished_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finished_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"product_id" uuid NOT NULL,
	"group_id" uuid,
	"documents" jsonb NOT NULL,
	"color_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"size_mode" text DEFAULT 'default' NOT NULL,
	"size_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"custom_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faces" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"render_status" text DEFAULT 'pending' NOT NULL,
	"render_count" integer DEFAULT 0 NOT NULL,
	"render_error" text,
	"render_job_id" uuid,
	"renders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"export_status" text DEFAULT 'not_exported' NOT NULL,
	"external_spu" text DEFAULT '' NOT NULL,
	"external_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"designer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "finished_groups" ADD CONSTRAINT "finished_groups_parent_id_finished_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."finished_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_products" ADD CONSTRAINT "finished_products_group_id_finished_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."finished_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finished_groups_owner_idx" ON "finished_groups" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finished_products_tenant_code_uq" ON "finished_products" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "finished_products_merchant_idx" ON "finished_products" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "finished_products_group_idx" ON "finished_products" USING btree ("group_id");