-- Issue 23, decision 0067: a mapping publishing wrote carries the seller SKU it published, so order
-- intake links a Temu line (whose SKU id is the goods SKU, not the listing's product SKU) by the
-- seller SKU the line carries.
ALTER TABLE "order_sku_mappings" ADD COLUMN "seller_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_sku_mappings_seller_sku_idx" ON "order_sku_mappings" USING btree ("tenant_id","merchant_id","shop_id","seller_sku");
