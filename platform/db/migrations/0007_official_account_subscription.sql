ALTER TABLE "accounts" ADD COLUMN "official_open_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "official_subscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "require_subscribe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_official_open_id_index" ON "accounts" USING btree ("official_open_id");