-- Issue 22: after-sales and cancel requests, and the order's refunded amount (decision 0042).
-- The sum of an order's refunds can never exceed what was paid for it: a CHECK on the order row,
-- moved only by a guarded UPDATE in the same transaction as the ledger credit.
ALTER TABLE "orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_paid" CHECK ("orders"."refunded_amount" >= 0 AND "orders"."refunded_amount" <= "orders"."total_amount");
--> statement-breakpoint
CREATE TABLE "aftersales_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"request_no" text NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT 'merchant' NOT NULL,
	"external_ref" text DEFAULT '' NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"refund_reason" text NOT NULL,
	"refund_type" text NOT NULL,
	"application_amount" bigint NOT NULL,
	"refund_amount" bigint,
	"refund_channel" text,
	"refund_trade_no" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"audit_note" text DEFAULT '' NOT NULL,
	"reviewer_id" uuid,
	"reviewed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftersales_requests_amounts" CHECK ("aftersales_requests"."application_amount" >= 0 AND ("aftersales_requests"."refund_amount" IS NULL OR "aftersales_requests"."refund_amount" >= 0)),
	CONSTRAINT "aftersales_requests_status" CHECK ("aftersales_requests"."status" IN ('pending_review', 'approved', 'rejected', 'closed')),
	CONSTRAINT "aftersales_requests_kind" CHECK ("aftersales_requests"."kind" IN ('cancel', 'aftersales'))
);
--> statement-breakpoint
CREATE TABLE "aftersales_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"step" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aftersales_requests" ADD CONSTRAINT "aftersales_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aftersales_requests" ADD CONSTRAINT "aftersales_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aftersales_requests" ADD CONSTRAINT "aftersales_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aftersales_events" ADD CONSTRAINT "aftersales_events_request_id_aftersales_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."aftersales_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "aftersales_requests_request_no_uq" ON "aftersales_requests" USING btree ("request_no");
--> statement-breakpoint
CREATE INDEX "aftersales_requests_merchant_idx" ON "aftersales_requests" USING btree ("tenant_id","merchant_id","created_at");
--> statement-breakpoint
CREATE INDEX "aftersales_requests_order_idx" ON "aftersales_requests" USING btree ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "aftersales_requests_one_open_uq" ON "aftersales_requests" USING btree ("order_id") WHERE "aftersales_requests"."status" = 'pending_review';
--> statement-breakpoint
CREATE UNIQUE INDEX "aftersales_requests_external_uq" ON "aftersales_requests" USING btree ("tenant_id","source","external_ref") WHERE "aftersales_requests"."external_ref" <> '';
--> statement-breakpoint
CREATE INDEX "aftersales_events_request_idx" ON "aftersales_events" USING btree ("request_id","created_at");
