CREATE TABLE "catalog_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" text[] DEFAULT '{}' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"parent_id" uuid,
	"category_name" text NOT NULL,
	"position" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_colors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"en_name" text DEFAULT '' NOT NULL,
	"hex" text NOT NULL,
	"swatch" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_dictionary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_image_refs" (
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	CONSTRAINT "catalog_image_refs_owner_id_attachment_id_pk" PRIMARY KEY("owner_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid,
	"category_id" uuid NOT NULL,
	"spu_id" uuid,
	"product_type" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"en_name" text DEFAULT '' NOT NULL,
	"style_code" text NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"process" text DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"factory_id" uuid,
	"introduction" text DEFAULT '' NOT NULL,
	"season" text DEFAULT '' NOT NULL,
	"wash_care" text DEFAULT '' NOT NULL,
	"base_price" bigint NOT NULL,
	"design_price" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"expire_at" timestamp with time zone,
	"image_requirements" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'off_sale' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"size_template_id" uuid,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color_ids" uuid[] DEFAULT '{}' NOT NULL,
	"size_ids" uuid[] DEFAULT '{}' NOT NULL,
	"skus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"surfaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"factory_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sequences" (
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_sequences_tenant_id_name_pk" PRIMARY KEY("tenant_id","name")
);
--> statement-breakpoint
CREATE TABLE "catalog_size_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"en_name" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'cm' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_size_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"size_attribute_ids" uuid[] DEFAULT '{}' NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"en_name" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_spus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"article_number" text NOT NULL,
	"name" text NOT NULL,
	"style_number" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"inventory_category_id" uuid NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"main_material" text NOT NULL,
	"factory_id" uuid,
	"color_ids" uuid[] DEFAULT '{}' NOT NULL,
	"material_size" text DEFAULT '' NOT NULL,
	"composition" text DEFAULT '' NOT NULL,
	"season" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"fabric_weight" integer,
	"size_template_id" uuid,
	"gender" text DEFAULT 'unisex' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"cost_price" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"image" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_attributes" ADD CONSTRAINT "catalog_attributes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_parent_id_catalog_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_colors" ADD CONSTRAINT "catalog_colors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_dictionary" ADD CONSTRAINT "catalog_dictionary_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_image_refs" ADD CONSTRAINT "catalog_image_refs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_image_refs" ADD CONSTRAINT "catalog_image_refs_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_spu_id_catalog_spus_id_fk" FOREIGN KEY ("spu_id") REFERENCES "public"."catalog_spus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_size_template_id_catalog_size_templates_id_fk" FOREIGN KEY ("size_template_id") REFERENCES "public"."catalog_size_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_sequences" ADD CONSTRAINT "catalog_sequences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_size_attributes" ADD CONSTRAINT "catalog_size_attributes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_size_templates" ADD CONSTRAINT "catalog_size_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_sizes" ADD CONSTRAINT "catalog_sizes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_inventory_category_id_catalog_categories_id_fk" FOREIGN KEY ("inventory_category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_size_template_id_catalog_size_templates_id_fk" FOREIGN KEY ("size_template_id") REFERENCES "public"."catalog_size_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_attributes_tenant_idx" ON "catalog_attributes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "catalog_categories_tenant_idx" ON "catalog_categories" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE INDEX "catalog_categories_parent_idx" ON "catalog_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "catalog_colors_tenant_idx" ON "catalog_colors" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_dictionary_tenant_type_value_uq" ON "catalog_dictionary" USING btree ("tenant_id","type","value");--> statement-breakpoint
CREATE INDEX "catalog_image_refs_attachment_idx" ON "catalog_image_refs" USING btree ("attachment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_tenant_style_uq" ON "catalog_products" USING btree ("tenant_id","style_code");--> statement-breakpoint
CREATE INDEX "catalog_products_listing_idx" ON "catalog_products" USING btree ("tenant_id","status","category_id");--> statement-breakpoint
CREATE INDEX "catalog_products_merchant_idx" ON "catalog_products" USING btree ("merchant_id") WHERE "catalog_products"."merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "catalog_size_attributes_tenant_idx" ON "catalog_size_attributes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "catalog_size_templates_tenant_idx" ON "catalog_size_templates" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "catalog_sizes_tenant_idx" ON "catalog_sizes" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_spus_tenant_code_uq" ON "catalog_spus" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "catalog_spus_category_idx" ON "catalog_spus" USING btree ("inventory_category_id");