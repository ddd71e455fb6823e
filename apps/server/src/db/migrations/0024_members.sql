CREATE TABLE "member_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"parent_id" uuid,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rule_ids" uuid[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_rules" ADD CONSTRAINT "member_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rules" ADD CONSTRAINT "member_rules_parent_id_member_rules_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."member_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_rules_tenant_name_uq" ON "member_rules" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "member_groups_tenant_idx" ON "member_groups" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_group_id_member_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."member_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_money_not_negative" CHECK ("members"."money" >= 0 AND "members"."score" >= 0);--> statement-breakpoint
ALTER TABLE "member_money_logs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "member_score_logs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "member_money_logs_key_uq" ON "member_money_logs" USING btree ("member_id","idempotency_key") WHERE "member_money_logs"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_score_logs_key_uq" ON "member_score_logs" USING btree ("member_id","idempotency_key") WHERE "member_score_logs"."idempotency_key" IS NOT NULL;
