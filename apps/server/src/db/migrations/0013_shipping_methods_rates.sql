CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"destination_countries" text[] DEFAULT '{}' NOT NULL,
	"delivery_days_min" integer NOT NULL,
	"delivery_days_max" integer NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_days" CHECK ("shipping_methods"."delivery_days_min" >= 0 AND "shipping_methods"."delivery_days_min" <= "shipping_methods"."delivery_days_max")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"factory_id" uuid NOT NULL,
	"first_weight_g" integer NOT NULL,
	"first_price" bigint NOT NULL,
	"additional_weight_g" integer NOT NULL,
	"additional_price" bigint NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"max_weight_g" integer,
	"status" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_amounts" CHECK ("shipping_rates"."first_weight_g" > 0 AND "shipping_rates"."additional_weight_g" > 0 AND "shipping_rates"."first_price" >= 0 AND "shipping_rates"."additional_price" >= 0),
	CONSTRAINT "shipping_rates_max_weight" CHECK ("shipping_rates"."max_weight_g" IS NULL OR "shipping_rates"."max_weight_g" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_method_id_shipping_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_tenant_code_uq" ON "shipping_methods" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_method_factory_uq" ON "shipping_rates" USING btree ("method_id","factory_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_tenant_factory_idx" ON "shipping_rates" USING btree ("tenant_id","factory_id");