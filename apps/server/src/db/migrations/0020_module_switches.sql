ALTER TABLE "tenants" ADD COLUMN "disabled_modules" text[] DEFAULT '{}' NOT NULL;
