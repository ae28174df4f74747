CREATE TABLE "offer_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid,
	"package_id" uuid,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"period" text,
	"percent_off" integer,
	"trial_days" integer,
	"months" integer,
	"bundle_cents" integer,
	"max_claims" integer,
	"claims" integer DEFAULT 0 NOT NULL,
	"ends_at" timestamp (3) with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_signups" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "first_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renew_days" integer;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_signups" ADD CONSTRAINT "tracking_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_signups" ADD CONSTRAINT "tracking_signups_link_id_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_order_idx" ON "offer_claims" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_one_trial_idx" ON "offer_claims" USING btree ("user_id","scope") WHERE kind = 'trial';--> statement-breakpoint
CREATE INDEX "offer_claims_offer_idx" ON "offer_claims" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offers_performer_idx" ON "offers" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_package_idx" ON "offers" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_code_idx" ON "tracking_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tracking_links_performer_idx" ON "tracking_links" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "tracking_signups_link_idx" ON "tracking_signups" USING btree ("link_id");