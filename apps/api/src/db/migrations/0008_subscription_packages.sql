CREATE TABLE "subscription_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"price_cents" integer NOT NULL,
	"initial_period_days" integer NOT NULL,
	"recurring_period_days" integer,
	"active" boolean DEFAULT true NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
CREATE INDEX "subscription_packages_active_idx" ON "subscription_packages" USING btree ("ordering") WHERE active;--> statement-breakpoint
CREATE INDEX "subscriptions_order_idx" ON "subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gateway_ref_idx" ON "subscriptions" USING btree ("gateway","gateway_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_lapsing_idx" ON "subscriptions" USING btree ("expires_at") WHERE status in ('active', 'cancelled');