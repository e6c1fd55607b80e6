ALTER TABLE "uploads" ADD COLUMN "kept_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_kept_until_index" ON "uploads" USING btree ("kept_until");