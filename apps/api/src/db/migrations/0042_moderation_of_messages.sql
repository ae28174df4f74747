ALTER TABLE "messages" ADD COLUMN "removed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "taken_down_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "taken_down_reason" text;