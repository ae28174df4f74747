ALTER TABLE "orders" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postal_code" text;