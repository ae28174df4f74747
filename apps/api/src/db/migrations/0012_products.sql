CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"released_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"performer_ids" uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_by" uuid NOT NULL,
	"file_key" text,
	"file_size_bytes" bigint,
	"file_content_type" text,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_stock_by_type" CHECK (("products"."type" = 'physical' and "products"."stock" is not null and "products"."stock" >= 0) or ("products"."type" = 'digital' and "products"."stock" is null))
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_position_idx" ON "product_images" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("released_at","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("views","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_performer_ids_idx" ON "products" USING gin ("performer_ids");--> statement-breakpoint
CREATE INDEX "products_category_ids_idx" ON "products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");