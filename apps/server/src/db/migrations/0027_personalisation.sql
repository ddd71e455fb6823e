ALTER TABLE "finished_products" ADD COLUMN "personalisation_slots" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_lines" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_review_lines_ok" CHECK ("orders"."review_lines" >= 0);
--> statement-breakpoint
CREATE TABLE "order_line_personalisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"finished_product_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason_code" text,
	"reason_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applied" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document" jsonb,
	"renders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_personalisations_line_uq" ON "order_line_personalisations" USING btree ("line_id");
--> statement-breakpoint
CREATE INDEX "order_line_personalisations_order_idx" ON "order_line_personalisations" USING btree ("tenant_id","merchant_id","order_id");
