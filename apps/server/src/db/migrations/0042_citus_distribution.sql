-- Ready to shard by tenant on Citus (issue 29, decision 0077): every table distributed by
-- tenant_id (apps/server/src/db/distribution.ts) has tenant_id in its primary key and in each of
-- its unique indexes, and a foreign key between two such tables carries tenant_id on both sides.
-- Ids stay random UUIDs, so (tenant_id, id) is as unique in practice as id alone was.
-- Order: the foreign keys that lean on the old keys go first, then the keys, then the indexes,
-- then the composite foreign keys.
-- The three former ON DELETE SET NULL keys (members.group_id, member_rules.parent_id,
-- finished_products.group_id) become NO ACTION: SET NULL would null tenant_id too, and Citus
-- refuses SET NULL on a key that holds the distribution column; the deleting code clears them.
ALTER TABLE "shipping_rates" DROP CONSTRAINT "shipping_rates_method_id_shipping_methods_id_fk";
--> statement-breakpoint
ALTER TABLE "member_money_logs" DROP CONSTRAINT "member_money_logs_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "member_rules" DROP CONSTRAINT "member_rules_parent_id_member_rules_id_fk";
--> statement-breakpoint
ALTER TABLE "member_score_logs" DROP CONSTRAINT "member_score_logs_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_group_id_member_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_wallet_id_wallets_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_categories" DROP CONSTRAINT "catalog_categories_parent_id_catalog_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_products" DROP CONSTRAINT "catalog_products_category_id_catalog_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_products" DROP CONSTRAINT "catalog_products_spu_id_catalog_spus_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_products" DROP CONSTRAINT "catalog_products_size_template_id_catalog_size_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_spus" DROP CONSTRAINT "catalog_spus_inventory_category_id_catalog_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_spus" DROP CONSTRAINT "catalog_spus_size_template_id_catalog_size_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "finished_groups" DROP CONSTRAINT "finished_groups_parent_id_finished_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "finished_products" DROP CONSTRAINT "finished_products_group_id_finished_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_finished_product_id_finished_products_id_fk";
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "shop_auth_states" DROP CONSTRAINT "shop_auth_states_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "shop_credentials" DROP CONSTRAINT "shop_credentials_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "aftersales_events" DROP CONSTRAINT "aftersales_events_request_id_aftersales_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "aftersales_requests" DROP CONSTRAINT "aftersales_requests_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_labels" DROP CONSTRAINT "order_labels_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_pushes" DROP CONSTRAINT "tracking_pushes_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_pushes" DROP CONSTRAINT "tracking_pushes_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" DROP CONSTRAINT "tracking_shop_settings_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_announcements" DROP CONSTRAINT "sync_announcements_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_records" DROP CONSTRAINT "sync_records_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_shops" DROP CONSTRAINT "sync_shops_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" DROP CONSTRAINT "order_line_personalisations_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" DROP CONSTRAINT "order_line_personalisations_line_id_order_lines_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_image_refs" DROP CONSTRAINT "catalog_image_refs_owner_id_attachment_id_pk";
--> statement-breakpoint
ALTER TABLE "shop_credentials" DROP CONSTRAINT "shop_credentials_shop_id_slot_pk";
--> statement-breakpoint
ALTER TABLE "sender_addresses" DROP CONSTRAINT "sender_addresses_pkey";
--> statement-breakpoint
ALTER TABLE "shipping_methods" DROP CONSTRAINT "shipping_methods_pkey";
--> statement-breakpoint
ALTER TABLE "shipping_rates" DROP CONSTRAINT "shipping_rates_pkey";
--> statement-breakpoint
ALTER TABLE "member_groups" DROP CONSTRAINT "member_groups_pkey";
--> statement-breakpoint
ALTER TABLE "member_money_logs" DROP CONSTRAINT "member_money_logs_pkey";
--> statement-breakpoint
ALTER TABLE "member_rules" DROP CONSTRAINT "member_rules_pkey";
--> statement-breakpoint
ALTER TABLE "member_score_logs" DROP CONSTRAINT "member_score_logs_pkey";
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_pkey";
--> statement-breakpoint
ALTER TABLE "wallet_alipay_orders" DROP CONSTRAINT "wallet_alipay_orders_pkey";
--> statement-breakpoint
ALTER TABLE "wallet_bank_transfers" DROP CONSTRAINT "wallet_bank_transfers_pkey";
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_pkey";
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_pkey";
--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" DROP CONSTRAINT "wallet_withdrawals_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_attributes" DROP CONSTRAINT "catalog_attributes_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_categories" DROP CONSTRAINT "catalog_categories_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_colors" DROP CONSTRAINT "catalog_colors_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_dictionary" DROP CONSTRAINT "catalog_dictionary_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_products" DROP CONSTRAINT "catalog_products_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_size_attributes" DROP CONSTRAINT "catalog_size_attributes_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_size_templates" DROP CONSTRAINT "catalog_size_templates_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_sizes" DROP CONSTRAINT "catalog_sizes_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_spus" DROP CONSTRAINT "catalog_spus_pkey";
--> statement-breakpoint
ALTER TABLE "finished_groups" DROP CONSTRAINT "finished_groups_pkey";
--> statement-breakpoint
ALTER TABLE "finished_products" DROP CONSTRAINT "finished_products_pkey";
--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_pkey";
--> statement-breakpoint
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_pkey";
--> statement-breakpoint
ALTER TABLE "consignee_addresses" DROP CONSTRAINT "consignee_addresses_pkey";
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_pkey";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_pkey";
--> statement-breakpoint
ALTER TABLE "order_sku_mappings" DROP CONSTRAINT "order_sku_mappings_pkey";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pkey";
--> statement-breakpoint
ALTER TABLE "risk_words" DROP CONSTRAINT "risk_words_pkey";
--> statement-breakpoint
ALTER TABLE "shop_auth_states" DROP CONSTRAINT "shop_auth_states_pkey";
--> statement-breakpoint
ALTER TABLE "shops" DROP CONSTRAINT "shops_pkey";
--> statement-breakpoint
ALTER TABLE "publish_listings" DROP CONSTRAINT "publish_listings_pkey";
--> statement-breakpoint
ALTER TABLE "publish_templates" DROP CONSTRAINT "publish_templates_pkey";
--> statement-breakpoint
ALTER TABLE "aftersales_events" DROP CONSTRAINT "aftersales_events_pkey";
--> statement-breakpoint
ALTER TABLE "aftersales_requests" DROP CONSTRAINT "aftersales_requests_pkey";
--> statement-breakpoint
ALTER TABLE "label_splits" DROP CONSTRAINT "label_splits_pkey";
--> statement-breakpoint
ALTER TABLE "order_labels" DROP CONSTRAINT "order_labels_pkey";
--> statement-breakpoint
ALTER TABLE "tracking_pushes" DROP CONSTRAINT "tracking_pushes_pkey";
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" DROP CONSTRAINT "tracking_shop_settings_pkey";
--> statement-breakpoint
ALTER TABLE "order_import_records" DROP CONSTRAINT "order_import_records_pkey";
--> statement-breakpoint
ALTER TABLE "sync_announcements" DROP CONSTRAINT "sync_announcements_pkey";
--> statement-breakpoint
ALTER TABLE "sync_records" DROP CONSTRAINT "sync_records_pkey";
--> statement-breakpoint
ALTER TABLE "sync_shops" DROP CONSTRAINT "sync_shops_pkey";
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" DROP CONSTRAINT "order_line_personalisations_pkey";
--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD CONSTRAINT "sender_addresses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "member_money_logs" ADD CONSTRAINT "member_money_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "member_rules" ADD CONSTRAINT "member_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "member_score_logs" ADD CONSTRAINT "member_score_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "wallet_alipay_orders" ADD CONSTRAINT "wallet_alipay_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "wallet_bank_transfers" ADD CONSTRAINT "wallet_bank_transfers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_attributes" ADD CONSTRAINT "catalog_attributes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_colors" ADD CONSTRAINT "catalog_colors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_dictionary" ADD CONSTRAINT "catalog_dictionary_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_image_refs" ADD CONSTRAINT "catalog_image_refs_tenant_id_owner_id_attachment_id_pk" PRIMARY KEY("tenant_id","owner_id","attachment_id");
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_size_attributes" ADD CONSTRAINT "catalog_size_attributes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_size_templates" ADD CONSTRAINT "catalog_size_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_sizes" ADD CONSTRAINT "catalog_sizes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "finished_groups" ADD CONSTRAINT "finished_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "finished_products" ADD CONSTRAINT "finished_products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "consignee_addresses" ADD CONSTRAINT "consignee_addresses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "order_sku_mappings" ADD CONSTRAINT "order_sku_mappings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "risk_words" ADD CONSTRAINT "risk_words_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "shop_auth_states" ADD CONSTRAINT "shop_auth_states_tenant_id_nonce_pk" PRIMARY KEY("tenant_id","nonce");
--> statement-breakpoint
ALTER TABLE "shop_credentials" ADD CONSTRAINT "shop_credentials_tenant_id_shop_id_slot_pk" PRIMARY KEY("tenant_id","shop_id","slot");
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "publish_listings" ADD CONSTRAINT "publish_listings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "publish_templates" ADD CONSTRAINT "publish_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "aftersales_events" ADD CONSTRAINT "aftersales_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "aftersales_requests" ADD CONSTRAINT "aftersales_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "label_splits" ADD CONSTRAINT "label_splits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "order_labels" ADD CONSTRAINT "order_labels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" ADD CONSTRAINT "tracking_shop_settings_tenant_id_shop_id_pk" PRIMARY KEY("tenant_id","shop_id");
--> statement-breakpoint
ALTER TABLE "order_import_records" ADD CONSTRAINT "order_import_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sync_announcements" ADD CONSTRAINT "sync_announcements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sync_records" ADD CONSTRAINT "sync_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sync_shops" ADD CONSTRAINT "sync_shops_tenant_id_shop_id_pk" PRIMARY KEY("tenant_id","shop_id");
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
DROP INDEX "shipping_rates_method_factory_uq";
--> statement-breakpoint
DROP INDEX "member_money_logs_key_uq";
--> statement-breakpoint
DROP INDEX "member_score_logs_key_uq";
--> statement-breakpoint
DROP INDEX "wallet_alipay_orders_out_trade_no_uq";
--> statement-breakpoint
DROP INDEX "wallet_transactions_trade_no_uq";
--> statement-breakpoint
DROP INDEX "wallet_transactions_wallet_seq_uq";
--> statement-breakpoint
DROP INDEX "wallets_merchant_currency_uq";
--> statement-breakpoint
DROP INDEX "cart_lines_merchant_sku_uq";
--> statement-breakpoint
DROP INDEX "checkouts_merchant_key_uq";
--> statement-breakpoint
DROP INDEX "consignee_addresses_one_default_uq";
--> statement-breakpoint
DROP INDEX "orders_order_no_uq";
--> statement-breakpoint
DROP INDEX "orders_shop_third_no_uq";
--> statement-breakpoint
DROP INDEX "aftersales_requests_request_no_uq";
--> statement-breakpoint
DROP INDEX "aftersales_requests_one_open_uq";
--> statement-breakpoint
DROP INDEX "order_labels_order_uq";
--> statement-breakpoint
DROP INDEX "tracking_pushes_key_uq";
--> statement-breakpoint
DROP INDEX "order_import_records_code_uq";
--> statement-breakpoint
DROP INDEX "sync_announcements_order_uq";
--> statement-breakpoint
DROP INDEX "order_line_personalisations_line_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_method_factory_uq" ON "shipping_rates" USING btree ("tenant_id","method_id","factory_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "member_money_logs_key_uq" ON "member_money_logs" USING btree ("tenant_id","member_id","idempotency_key") WHERE "member_money_logs"."idempotency_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "member_score_logs_key_uq" ON "member_score_logs" USING btree ("tenant_id","member_id","idempotency_key") WHERE "member_score_logs"."idempotency_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_alipay_orders_out_trade_no_uq" ON "wallet_alipay_orders" USING btree ("tenant_id","out_trade_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_trade_no_uq" ON "wallet_transactions" USING btree ("tenant_id","trade_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_wallet_seq_uq" ON "wallet_transactions" USING btree ("tenant_id","wallet_id","seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_merchant_currency_uq" ON "wallets" USING btree ("tenant_id","merchant_id","currency");
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_merchant_sku_uq" ON "cart_lines" USING btree ("tenant_id","merchant_id","finished_product_id","color_id","size_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_merchant_key_uq" ON "checkouts" USING btree ("tenant_id","merchant_id","idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "consignee_addresses_one_default_uq" ON "consignee_addresses" USING btree ("tenant_id","merchant_id") WHERE "consignee_addresses"."is_default";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("tenant_id","order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_third_no_uq" ON "orders" USING btree ("tenant_id","shop_id","third_party_order_no") WHERE "orders"."shop_id" IS NOT NULL AND "orders"."third_party_order_no" <> '' AND "orders"."origin_order_no" = '';
--> statement-breakpoint
CREATE UNIQUE INDEX "aftersales_requests_request_no_uq" ON "aftersales_requests" USING btree ("tenant_id","request_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "aftersales_requests_one_open_uq" ON "aftersales_requests" USING btree ("tenant_id","order_id") WHERE "aftersales_requests"."status" = 'pending_review';
--> statement-breakpoint
CREATE UNIQUE INDEX "order_labels_order_uq" ON "order_labels" USING btree ("tenant_id","order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_pushes_key_uq" ON "tracking_pushes" USING btree ("tenant_id","push_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_import_records_code_uq" ON "order_import_records" USING btree ("tenant_id","code");
--> statement-breakpoint
CREATE UNIQUE INDEX "sync_announcements_order_uq" ON "sync_announcements" USING btree ("tenant_id","shop_id","third_party_order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_personalisations_line_uq" ON "order_line_personalisations" USING btree ("tenant_id","line_id");
--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_method_id_fk" FOREIGN KEY ("tenant_id","method_id") REFERENCES "public"."shipping_methods"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_money_logs" ADD CONSTRAINT "member_money_logs_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_rules" ADD CONSTRAINT "member_rules_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."member_rules"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_score_logs" ADD CONSTRAINT "member_score_logs_member_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_fk" FOREIGN KEY ("tenant_id","wallet_id") REFERENCES "public"."wallets"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."catalog_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."catalog_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_spu_id_fk" FOREIGN KEY ("tenant_id","spu_id") REFERENCES "public"."catalog_spus"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_size_template_id_fk" FOREIGN KEY ("tenant_id","size_template_id") REFERENCES "public"."catalog_size_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_inventory_category_id_fk" FOREIGN KEY ("tenant_id","inventory_category_id") REFERENCES "public"."catalog_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalog_spus" ADD CONSTRAINT "catalog_spus_size_template_id_fk" FOREIGN KEY ("tenant_id","size_template_id") REFERENCES "public"."catalog_size_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finished_groups" ADD CONSTRAINT "finished_groups_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."finished_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finished_products" ADD CONSTRAINT "finished_products_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."finished_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_finished_product_id_fk" FOREIGN KEY ("tenant_id","finished_product_id") REFERENCES "public"."finished_products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_auth_states" ADD CONSTRAINT "shop_auth_states_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_credentials" ADD CONSTRAINT "shop_credentials_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aftersales_events" ADD CONSTRAINT "aftersales_events_request_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."aftersales_requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aftersales_requests" ADD CONSTRAINT "aftersales_requests_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_labels" ADD CONSTRAINT "order_labels_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_shop_settings" ADD CONSTRAINT "tracking_shop_settings_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_announcements" ADD CONSTRAINT "sync_announcements_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_records" ADD CONSTRAINT "sync_records_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_shops" ADD CONSTRAINT "sync_shops_shop_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."order_lines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
