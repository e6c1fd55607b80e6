ALTER TABLE "conferences" ADD COLUMN "payment_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
-- Older rows may hold several open intents for one registration: the newest stays open (decision 031).
UPDATE "payments" SET "state" = 'cancelled' WHERE "state" = 'unpaid' AND "registration_id" IS NOT NULL AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "state" = 'unpaid' AND "registration_id" IS NOT NULL GROUP BY "registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_intent" ON "payments" USING btree ("registration_id") WHERE "payments"."state" = 'unpaid' and "payments"."registration_id" is not null;