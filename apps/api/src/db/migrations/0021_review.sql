ALTER TABLE "galleries" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "review_submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "review_submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "galleries_review_queue_idx" ON "galleries" USING btree ("review_submitted_at","id") WHERE review_state = 'pending';--> statement-breakpoint
CREATE INDEX "products_review_queue_idx" ON "products" USING btree ("review_submitted_at","id") WHERE review_state = 'pending';--> statement-breakpoint
CREATE INDEX "videos_review_queue_idx" ON "videos" USING btree ("review_submitted_at","id") WHERE review_state = 'pending';