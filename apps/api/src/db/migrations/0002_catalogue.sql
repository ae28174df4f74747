CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"href" text,
	"position" text DEFAULT 'top' NOT NULL,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"ordering" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"group" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"access" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"released_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"performer_ids" uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_by" uuid NOT NULL,
	"cover_photo_id" uuid,
	"photos_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gallery_id" uuid NOT NULL,
	"performer_ids" uuid[] NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"processing_error" text,
	"media_key" text,
	"preview_key" text,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"performer_id" uuid,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"delivery_status" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"original_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"coupon_id" uuid,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cover_key" text,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"ethnicity" text,
	"body_type" text,
	"hair_color" text,
	"eye_color" text,
	"height" text,
	"sexual_orientation" text,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"monthly_price_cents" integer,
	"yearly_price_cents" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"videos_count" integer DEFAULT 0 NOT NULL,
	"galleries_count" integer DEFAULT 0 NOT NULL,
	"products_count" integer DEFAULT 0 NOT NULL,
	"subscribers_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'post' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"image_key" text,
	"published_at" timestamp (3) with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'C')) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"performer_id" uuid,
	"package_id" uuid,
	"period" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"renews" boolean DEFAULT false NOT NULL,
	"started_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"gateway" text,
	"gateway_subscription_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"access" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp (3) with time zone,
	"released_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"performer_ids" uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_by" uuid NOT NULL,
	"processing_status" text DEFAULT 'none' NOT NULL,
	"processing_error" text,
	"media_key" text,
	"source_size_bytes" bigint,
	"duration_sec" real,
	"width" integer,
	"height" integer,
	"thumbnail_key" text,
	"teaser_key" text,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "blocked_countries" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "blocked_countries" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("position","ordering");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_group_slug_key" ON "categories" USING btree ("group","slug");--> statement-breakpoint
CREATE INDEX "categories_ordering_idx" ON "categories" USING btree ("ordering");--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_slug_key" ON "galleries" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "galleries_newest_idx" ON "galleries" USING btree ("released_at","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "galleries_popular_idx" ON "galleries" USING btree ("views","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "galleries_price_idx" ON "galleries" USING btree ("price_cents","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "galleries_tags_idx" ON "galleries" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "galleries_performer_ids_idx" ON "galleries" USING gin ("performer_ids");--> statement-breakpoint
CREATE INDEX "galleries_category_ids_idx" ON "galleries" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "galleries_search_idx" ON "galleries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "galleries_created_by_idx" ON "galleries" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "galleries_created_idx" ON "galleries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "photos_gallery_position_idx" ON "photos" USING btree ("gallery_id","position","id");--> statement-breakpoint
CREATE INDEX "photos_newest_idx" ON "photos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "photos_performer_ids_idx" ON "photos" USING gin ("performer_ids");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "performers_newest_idx" ON "performers" USING btree ("created_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "performers_popular_idx" ON "performers" USING btree ("views","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "performers_category_ids_idx" ON "performers" USING gin ("category_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_key" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_one_key" ON "reactions" USING btree ("user_id","object_type","object_id","action");--> statement-breakpoint
CREATE INDEX "reactions_object_idx" ON "reactions" USING btree ("object_type","object_id","action");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","kind","expires_at");--> statement-breakpoint
CREATE INDEX "subscriptions_performer_idx" ON "subscriptions" USING btree ("performer_id","expires_at") WHERE kind = 'performer';--> statement-breakpoint
CREATE UNIQUE INDEX "videos_slug_key" ON "videos" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("released_at","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "videos_popular_idx" ON "videos" USING btree ("views","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "videos_price_idx" ON "videos" USING btree ("price_cents","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "videos_access_newest_idx" ON "videos" USING btree ("access","released_at","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "videos_performer_ids_idx" ON "videos" USING gin ("performer_ids");--> statement-breakpoint
CREATE INDEX "videos_category_ids_idx" ON "videos" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "videos_tags_idx" ON "videos" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "videos_sale_category_ids_idx" ON "videos" USING gin ("category_ids") WHERE listed AND access = 'sale';--> statement-breakpoint
CREATE INDEX "videos_sale_tags_idx" ON "videos" USING gin ("tags") WHERE listed AND access = 'sale';--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search");--> statement-breakpoint
CREATE INDEX "videos_created_by_idx" ON "videos" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "videos_scheduled_idx" ON "videos" USING btree ("scheduled_at") WHERE scheduled_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);