DROP INDEX "conferences_domain_index";--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "domain_state" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "domain_reason" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "sms_sign_name" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "sms_sign_state" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "sms_sign_reason" text;--> statement-breakpoint
-- Host names set before review was required wait for a platform administrator like a new one.
UPDATE "conferences" SET "domain_state" = 'pending' WHERE "domain" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conferences_approved_domain" ON "conferences" USING btree ("domain") WHERE "conferences"."domain_state" = 'approved';