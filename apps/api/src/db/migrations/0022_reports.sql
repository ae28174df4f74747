CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"item_title" text NOT NULL,
	"item_link" text,
	"performer_ids" uuid[] DEFAULT '{}' NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"dmca" jsonb,
	"reporter_email" text NOT NULL,
	"reporter_user_id" uuid,
	"ip" text,
	"held" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"resolution" text,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" uuid,
	"due_at" timestamp (3) with time zone NOT NULL,
	"question" text,
	"asked_at" timestamp (3) with time zone,
	"answer" text,
	"answered_at" timestamp (3) with time zone,
	"answered_by" uuid,
	"appeal" text,
	"appealed_at" timestamp (3) with time zone,
	"counter_notice" jsonb,
	"counter_notice_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "held_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "taken_down_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "taken_down_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "taken_down_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "taken_down_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "held_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "held_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_reference_key" ON "content_reports" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "content_reports_queue_idx" ON "content_reports" USING btree ("due_at","id") WHERE status <> 'resolved';--> statement-breakpoint
CREATE INDEX "content_reports_item_idx" ON "content_reports" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "content_reports_performer_ids_idx" ON "content_reports" USING gin ("performer_ids");--> statement-breakpoint
CREATE INDEX "content_reports_created_idx" ON "content_reports" USING btree ("created_at");