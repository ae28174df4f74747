CREATE TABLE "tip_goals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"target_cents" integer NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"message" text,
	"source" text DEFAULT 'profile' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tip_goals" ADD CONSTRAINT "tip_goals_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tip_goals_active_idx" ON "tip_goals" USING btree ("performer_id") WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_order_idx" ON "tips" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tips_performer_idx" ON "tips" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_user_idx" ON "tips" USING btree ("user_id","created_at");