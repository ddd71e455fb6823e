CREATE TABLE "system_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_configs" ADD CONSTRAINT "system_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_configs_tenant_key_uq" ON "system_configs" USING btree ("tenant_id","key") WHERE "system_configs"."tenant_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "system_configs_platform_key_uq" ON "system_configs" USING btree ("key") WHERE "system_configs"."tenant_id" IS NULL;