ALTER TABLE "materials" ADD COLUMN "storage_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "thumbnail_key" text;