CREATE TABLE "rate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "ticket" text;--> statement-breakpoint
CREATE INDEX "rate_events_kind_key_at_index" ON "rate_events" USING btree ("kind","key","at");--> statement-breakpoint
CREATE INDEX "rate_events_at_index" ON "rate_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sms_codes_client_created_at_index" ON "sms_codes" USING btree ("client","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_created_at_index" ON "sms_codes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_codes_ticket_index" ON "sms_codes" USING btree ("ticket");