ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions made before this column existed were last seen no later than we can tell: when they began.
UPDATE "sessions" SET "last_seen_at" = "created_at";
