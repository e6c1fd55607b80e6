CREATE INDEX "conferences_institution_id_is_publish_start_date_index" ON "conferences" USING btree ("institution_id","is_publish","start_date");--> statement-breakpoint
CREATE INDEX "institutions_search_trgm" ON "institutions" USING gin (lower("name_zh" || ' ' || "name_en" || ' ' || "city_zh" || ' ' || "city_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "references_major_id_index" ON "references" USING btree ("major_id");--> statement-breakpoint
CREATE INDEX "references_subject_id_index" ON "references" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "references_city_zh_index" ON "references" USING btree ("city_zh");--> statement-breakpoint
CREATE INDEX "references_city_en_index" ON "references" USING btree ("city_en");--> statement-breakpoint
CREATE INDEX "replays_conference_id_recorded_at_index" ON "replays" USING btree ("conference_id","recorded_at");--> statement-breakpoint
CREATE INDEX "replays_search_trgm" ON "replays" USING gin (lower("title_zh" || ' ' || "title_en") gin_trgm_ops);