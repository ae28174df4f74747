ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp (3) with time zone;--> statement-breakpoint
-- Pending store orders took their stock out of products.stock at checkout; now a hold is counted, not taken out
-- (products/stock.ts): their stock goes back, and each holds it for 15 minutes from now.
UPDATE "products" AS p SET "stock" = p."stock" + h.units
FROM (
  SELECT l."item_id", sum(l."quantity")::int AS units
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE o."status" = 'pending' AND l."item_kind" = 'product'
  GROUP BY l."item_id"
) AS h
WHERE p."id" = h."item_id" AND p."type" = 'physical';--> statement-breakpoint
UPDATE "orders" SET "hold_until" = now() + interval '15 minutes'
WHERE "status" = 'pending' AND "delivery_address" IS NOT NULL;
