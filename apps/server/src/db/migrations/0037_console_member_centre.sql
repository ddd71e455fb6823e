-- Issue 27, decision 0069: spec §1 "platform administrators manage merchants, levels". The catalogue
-- now gives the platform tier the merchant and merchant-level pages and their buttons; catalogue
-- entries already in a database keep their rows (administrators' edits), so add the tier here.
UPDATE "menus" SET "tiers" = array_append("tiers", 'platform')
WHERE "name" IN (
  'tenancy/merchant', 'merchant:add', 'merchant:edit', 'merchant:del',
  'tenancy/merchantLevel', 'merchantLevel:add', 'merchantLevel:edit', 'merchantLevel:del', 'merchantLevel:sortable'
) AND NOT ('platform' = ANY("tiers"));
--> statement-breakpoint
-- spec §2 embedded pages: an external-link menu opens its url in a new window or in a console tab.
ALTER TABLE "menus" ADD COLUMN "link_target" text DEFAULT 'blank' NOT NULL;
--> statement-breakpoint
-- "Last login" is the sign-in before the current one (issue 27): keep it beside the latest.
ALTER TABLE "admin_users" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "previous_login_ip" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "previous_login_ip" text;
