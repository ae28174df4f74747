ALTER TABLE "payout_details" ALTER COLUMN "account_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_details" ALTER COLUMN "account" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_details" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "payout_details" ADD COLUMN "account_hint" text;