ALTER TABLE "order_lines" ADD COLUMN "shipping_code" text;--> statement-breakpoint
UPDATE "order_lines" SET "delivery_status" = 'shipped' WHERE "delivery_status" = 'shipping';
