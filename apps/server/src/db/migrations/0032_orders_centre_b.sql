-- Issue 19 (audit), decision 0041: the list's order is (created_at, id); with the id in the index the
-- first pages and the status pages are read in index order, no sort of the merchant's rows.
DROP INDEX IF EXISTS "orders_merchant_idx";--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("tenant_id","merchant_id","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_merchant_status_idx";--> statement-breakpoint
CREATE INDEX "orders_merchant_status_idx" ON "orders" USING btree ("tenant_id","merchant_id","status","created_at","id");
