DROP INDEX "follows_performer_idx";--> statement-breakpoint
DROP INDEX "conversations_fan_inbox_idx";--> statement-breakpoint
DROP INDEX "conversations_performer_inbox_idx";--> statement-breakpoint
DROP INDEX "mass_messages_performer_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
CREATE INDEX "follows_performer_idx" ON "follows" USING btree ("performer_id","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_fan_inbox_idx" ON "conversations" USING btree ("fan_id","last_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE last_at is not null;--> statement-breakpoint
CREATE INDEX "conversations_performer_inbox_idx" ON "conversations" USING btree ("performer_id","last_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE last_at is not null;--> statement-breakpoint
CREATE INDEX "mass_messages_performer_idx" ON "mass_messages" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);