ALTER TABLE "galleries" ADD COLUMN "taken_down_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "taken_down_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "taken_down_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "taken_down_reason" text;