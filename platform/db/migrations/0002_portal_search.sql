-- Every CJK character and every pair of adjacent CJK characters of a text. pg_trgm finds no
-- trigram in a keyword of one or two Chinese characters (北京, 化学), so such keywords are looked
-- up in a GIN index over this function instead. The index keeps itself up to date from
-- search_text: no column to fill, for existing rows (CREATE INDEX computes it) or new ones.
-- COST 1000 (about 30 µs a call): told so, the planner reads the index rather than calling it
-- on every row it scans.
CREATE OR REPLACE FUNCTION cjk_grams(input text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
DECLARE
  run text;
  len int;
  grams text[] := '{}';
BEGIN
  FOR run IN SELECT m[1] FROM regexp_matches(input, '[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+', 'g') AS m LOOP
    len := char_length(run);
    FOR i IN 1..len LOOP
      grams := grams || substr(run, i, 1);
      IF i < len THEN
        grams := grams || substr(run, i, 2);
      END IF;
    END LOOP;
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
CREATE INDEX "conferences_search_cjk" ON "conferences" USING gin (cjk_grams("search_text"));--> statement-breakpoint
CREATE INDEX "conferences_is_publish_end_date_index" ON "conferences" USING btree ("is_publish","end_date");--> statement-breakpoint
CREATE INDEX "conferences_city_zh_index" ON "conferences" USING btree ("city_zh");--> statement-breakpoint
CREATE INDEX "conferences_city_en_index" ON "conferences" USING btree ("city_en");--> statement-breakpoint
CREATE INDEX "conferences_important" ON "conferences" USING btree ("start_date") WHERE "conferences"."is_publish" and "conferences"."is_important";
