CREATE TABLE "order_taxes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"billing_country" text,
	"billing_region" text,
	"ip_country" text,
	"evidence" text NOT NULL,
	"tax_name" text,
	"rate_bp" integer NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_billing" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"tax_name" text,
	"rate_bp" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "net_cents" integer GENERATED ALWAYS AS (total_cents - tax_cents) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gross_cents" integer GENERATED ALWAYS AS (total_cents) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_billing" ADD CONSTRAINT "tax_billing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_entries" ADD CONSTRAINT "tax_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_entries" ADD CONSTRAINT "tax_entries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_entries_line_kind_uq" ON "tax_entries" USING btree ("order_line_id","kind");--> statement-breakpoint
CREATE INDEX "tax_entries_at_idx" ON "tax_entries" USING btree ("at","country");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_uq" ON "tax_rates" USING btree ("country",coalesce("region", ''));