ALTER TABLE "uploads" ADD COLUMN "form_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "client" text;--> statement-breakpoint
CREATE INDEX "uploads_client_created_at_index" ON "uploads" USING btree ("client","created_at");--> statement-breakpoint
CREATE INDEX "uploads_submission_key_index" ON "uploads" USING btree ("submission_key");