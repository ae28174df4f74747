CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"note" text,
	"paid_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "commission_rate" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_performer_idx" ON "payouts" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_unpaid_idx" ON "earnings" USING btree ("performer_id") WHERE not paid;--> statement-breakpoint
CREATE INDEX "earnings_payout_idx" ON "earnings" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "earnings_transaction_idx" ON "earnings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "gateway_events_flagged_idx" ON "gateway_events" USING btree ("created_at") WHERE outcome = 'flagged';--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_commission_rate_check" CHECK (commission_rate between 0 and 1);