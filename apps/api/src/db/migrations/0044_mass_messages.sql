CREATE TABLE "mass_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"price_cents" integer,
	"audience" text NOT NULL,
	"exclude" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"stage" text NOT NULL,
	"cursor" text,
	"delivered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mass_message_id" uuid;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_messages_performer_idx" ON "mass_messages" USING btree ("performer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_mass_idx" ON "messages" USING btree ("mass_message_id") WHERE mass_message_id is not null;