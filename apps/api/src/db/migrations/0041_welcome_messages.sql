CREATE TABLE "welcome_messages" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"price_cents" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "welcome_messages" ADD CONSTRAINT "welcome_messages_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;