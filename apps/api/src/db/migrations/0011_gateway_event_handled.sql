DROP INDEX "gateway_events_flagged_idx";--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_events_flagged_idx" ON "gateway_events" USING btree ("created_at") WHERE outcome = 'flagged' and handled_at is null;