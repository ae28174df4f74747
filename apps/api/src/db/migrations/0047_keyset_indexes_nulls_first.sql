DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
DROP INDEX "news_announcements_announced_idx";--> statement-breakpoint
DROP INDEX "feed_posts_performer_idx";--> statement-breakpoint
DROP INDEX "feed_posts_newest_idx";--> statement-breakpoint
DROP INDEX "vault_items_performer_newest_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "news_announcements_announced_idx" ON "news_announcements" USING btree ("announced_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feed_posts_performer_idx" ON "feed_posts" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feed_posts_newest_idx" ON "feed_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE taken_down_at is null;--> statement-breakpoint
CREATE INDEX "vault_items_performer_newest_idx" ON "vault_items" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);