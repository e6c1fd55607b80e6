ALTER TABLE "conferences" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "taken_down_reason" text;