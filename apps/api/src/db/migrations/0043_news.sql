CREATE TABLE "news_announcements" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"performer_ids" uuid[] NOT NULL,
	"performer_name" text,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"released_at" timestamp (3) with time zone NOT NULL,
	"announced_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_announcements_pkey" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "news_baselines" (
	"kind" text PRIMARY KEY NOT NULL,
	"since" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text DEFAULT 'off' NOT NULL,
	"chosen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "news_digests" ADD CONSTRAINT "news_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_announcements_announced_idx" ON "news_announcements" USING btree ("announced_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_digests_due_idx" ON "news_digests" USING btree ("user_id") WHERE frequency <> 'off';--> statement-breakpoint
CREATE INDEX "feed_posts_newest_idx" ON "feed_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE taken_down_at is null;