CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fan_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"last_at" timestamp (3) with time zone,
	"last_text" text,
	"last_sender_id" uuid,
	"fan_unread" integer DEFAULT 0 NOT NULL,
	"performer_unread" integer DEFAULT 0 NOT NULL,
	"fan_read_at" timestamp (3) with time zone,
	"performer_read_at" timestamp (3) with time zone,
	"fan_blocked_at" timestamp (3) with time zone,
	"performer_blocked_at" timestamp (3) with time zone,
	"performer_wrote" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"price_cents" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"who_may_write_first" text DEFAULT 'anyone' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key" ON "conversations" USING btree ("fan_id","performer_id");--> statement-breakpoint
CREATE INDEX "conversations_fan_inbox_idx" ON "conversations" USING btree ("fan_id","last_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE last_at is not null;--> statement-breakpoint
CREATE INDEX "conversations_performer_inbox_idx" ON "conversations" USING btree ("performer_id","last_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE last_at is not null;--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_attachments_idx" ON "messages" USING gin ("attachment_ids");