ALTER TABLE "uploads" ADD COLUMN "form_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "client" text;--> statement-breakpoint
CREATE INDEX "uploads_client_created_at_index" ON "uploads" USING btree ("client","created_at");--> statement-breakpoint
CREATE INDEX "uploads_submission_key_index" ON "uploads" USING btree ("submission_key");--> statement-breakpoint
-- Decision 032: every upload a private record points at is private, whatever endpoint made it
-- (transfer proofs and form answers were public images through the old formUpload). A sponsor's
-- logo too: once approved it is served as public media by what it is, not by this flag.
UPDATE "uploads" SET "is_public" = false WHERE "is_public" AND (
  "key" IN (SELECT "proof_key" FROM "payments" WHERE "proof_key" IS NOT NULL)
  OR "key" IN (SELECT "file_key" FROM "invoices" WHERE "file_key" IS NOT NULL)
  OR "key" IN (SELECT "licence_key" FROM "organizations" WHERE "licence_key" IS NOT NULL)
  OR "key" IN (SELECT "upload_key" FROM "papers")
  OR "key" IN (SELECT "upload_key" FROM "conference_files")
  OR "key" IN (SELECT unnest("file_keys") FROM "form_answers")
  OR "key" IN (SELECT jsonb_array_elements_text("materials") FROM "sponsors")
  OR "key" IN (SELECT "logo" FROM "sponsors" WHERE "logo" IS NOT NULL)
  OR '/api/cms/files/' || "key" IN (SELECT "answer"."value" FROM "registrations", jsonb_each_text("registrations"."answers") AS "answer")
);
