CREATE TABLE "payout_request_lines" (
	"request_id" uuid NOT NULL,
	"earning_id" uuid NOT NULL,
	CONSTRAINT "payout_request_lines_request_id_earning_id_pk" PRIMARY KEY("request_id","earning_id")
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"account_hint" text NOT NULL,
	"reason" text,
	"reference" text,
	"payout_id" uuid,
	"decided_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp (3) with time zone,
	"paid_at" timestamp (3) with time zone,
	"refused_at" timestamp (3) with time zone,
	CONSTRAINT "payout_requests_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_details" ADD COLUMN "held_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_request_lines" ADD CONSTRAINT "payout_request_lines_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_request_lines_earning_idx" ON "payout_request_lines" USING btree ("earning_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_open_idx" ON "payout_requests" USING btree ("performer_id") WHERE status in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "payout_requests_performer_idx" ON "payout_requests" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "payout_requests" USING btree ("status","created_at");