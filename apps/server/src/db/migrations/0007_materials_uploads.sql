CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"merchant_id" uuid,
	"uploader_kind" text NOT NULL,
	"uploader_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"mime_type" text NOT NULL,
	"suffix" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"dpi" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"merchant_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"merchant_id" uuid,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"attachment_id" uuid NOT NULL,
	"category_id" uuid,
	"specs" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"dpi" integer,
	"file_size" integer NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"blacklist" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"whitelist" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"is_authorised" boolean DEFAULT false NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sales_amount" bigint DEFAULT 0 NOT NULL,
	"order_pieces" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_number_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","number"),
	CONSTRAINT "materials_price_check" CHECK ("materials"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "material_categories" ADD CONSTRAINT "material_categories_parent_id_material_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."material_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_category_id_material_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."material_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_tenant_idx" ON "attachments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "attachments_merchant_idx" ON "attachments" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "material_categories_owner_idx" ON "material_categories" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE INDEX "materials_owner_idx" ON "materials" USING btree ("tenant_id","merchant_id","category_id");--> statement-breakpoint
CREATE INDEX "materials_visibility_idx" ON "materials" USING btree ("visibility");