CREATE TABLE "vault_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"media_key" text NOT NULL,
	"preview_key" text,
	"width" integer,
	"height" integer,
	"duration_sec" real,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_items" ADD CONSTRAINT "vault_items_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_items_performer_newest_idx" ON "vault_items" USING btree ("performer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);