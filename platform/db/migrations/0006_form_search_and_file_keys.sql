ALTER TABLE "form_answers" ADD COLUMN "file_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "form_answers_file_keys" ON "form_answers" USING gin ("file_keys");--> statement-breakpoint
CREATE INDEX "forms_search_trgm" ON "forms" USING gin (lower("title_zh" || ' ' || "title_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_search_cjk" ON "forms" USING gin (cjk_grams(lower("title_zh" || ' ' || "title_en")));