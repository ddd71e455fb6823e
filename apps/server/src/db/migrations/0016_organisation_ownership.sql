DROP INDEX "departments_tenant_idx";--> statement-breakpoint
DROP INDEX "roles_tenant_idx";--> statement-breakpoint
DROP INDEX "job_runs_tenant_idx";--> statement-breakpoint
DROP INDEX "admin_logs_tenant_idx";--> statement-breakpoint
DROP INDEX "data_recycle_tenant_idx";--> statement-breakpoint
DROP INDEX "sensitive_logs_tenant_idx";--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "permission" text;--> statement-breakpoint
ALTER TABLE "admin_logs" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_logs" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "data_recycle" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "data_recycle" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "sensitive_data_logs" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "sensitive_data_logs" ADD COLUMN "factory_id" uuid;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_tenant_idx" ON "departments" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE INDEX "roles_tenant_idx" ON "roles" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE INDEX "job_runs_tenant_idx" ON "job_runs" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE INDEX "admin_logs_tenant_idx" ON "admin_logs" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "data_recycle_tenant_idx" ON "data_recycle" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "sensitive_logs_tenant_idx" ON "sensitive_data_logs" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
-- Existing rows move to the organisation of the account that made them (decision 0026).
UPDATE "roles" AS r SET "merchant_id" = u."merchant_id", "factory_id" = CASE WHEN u."tier" = 'factory' THEN u."factory_id" END FROM "admin_users" AS u WHERE r."created_by" = u."id";--> statement-breakpoint
UPDATE "departments" AS d SET "merchant_id" = u."merchant_id", "factory_id" = CASE WHEN u."tier" = 'factory' THEN u."factory_id" END FROM "admin_users" AS u WHERE d."created_by" = u."id";--> statement-breakpoint
UPDATE "admin_logs" AS l SET "merchant_id" = u."merchant_id", "factory_id" = CASE WHEN u."tier" = 'factory' THEN u."factory_id" END FROM "admin_users" AS u WHERE l."user_id" = u."id";--> statement-breakpoint
UPDATE "data_recycle" AS l SET "merchant_id" = u."merchant_id", "factory_id" = CASE WHEN u."tier" = 'factory' THEN u."factory_id" END FROM "admin_users" AS u WHERE l."deleted_by" = u."id";--> statement-breakpoint
UPDATE "sensitive_data_logs" AS l SET "merchant_id" = u."merchant_id", "factory_id" = CASE WHEN u."tier" = 'factory' THEN u."factory_id" END FROM "admin_users" AS u WHERE l."user_id" = u."id";--> statement-breakpoint
UPDATE "job_runs" AS j SET "merchant_id" = u."merchant_id", "factory_id" = CASE WHEN u."tier" = 'factory' THEN u."factory_id" END FROM "admin_users" AS u WHERE j."created_by" = u."id";--> statement-breakpoint
UPDATE "attachments" AS a SET "factory_id" = u."factory_id" FROM "admin_users" AS u WHERE a."uploader_kind" = 'admin' AND a."uploader_id" = u."id" AND u."tier" = 'factory';
