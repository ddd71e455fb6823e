-- Issue 25, decision 0086: the public catalogue's replies (the storefront's categories, product
-- list and product page) are kept per process for a few seconds. What they are made of announces
-- its changes on "pod_cache" (migration 0041's channel and notify function) with the payload
-- "catalogue", whoever writes it; every process drops its copies at the notice. The tenants table
-- is in the list because a host's supplier (domain, default tenant) decides which catalogue a host
-- is shown, and the factories because a product page names its factory.
CREATE TRIGGER "catalog_attributes_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_attributes"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_categories"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_colors_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_colors"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_dictionary_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_dictionary"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_image_refs_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_image_refs"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_products"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_size_attributes_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_size_attributes"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_size_templates_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_size_templates"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_sizes_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_sizes"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "catalog_spus_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_spus"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "tenants_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tenants"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "factories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "factories"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('catalogue');
