CREATE TABLE "co_performer_releases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"performer_id" uuid,
	"display_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"document_front_key" text NOT NULL,
	"document_back_key" text NOT NULL,
	"consent_pdf_key" text,
	"consent_signed_name" text,
	"consent_signed_at" timestamp (3) with time zone,
	"consent_ip" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "co_performer_releases_consent_check" CHECK (consent_pdf_key is not null or (consent_signed_name is not null and consent_signed_at is not null))
);
--> statement-breakpoint
CREATE TABLE "performer_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"legal_name" text,
	"date_of_birth" date,
	"country" text,
	"document_front_key" text,
	"document_back_key" text,
	"selfie_key" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"submitted_by" uuid,
	"refusal_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"renewal_requested_at" timestamp (3) with time zone,
	"renewal_reason" text,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_applications_identity_check" CHECK (source = 'seed' or (legal_name is not null and date_of_birth is not null and country is not null
        and document_front_key is not null and document_back_key is not null and selfie_key is not null))
);
--> statement-breakpoint
ALTER TABLE "co_performer_releases" ADD CONSTRAINT "co_performer_releases_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_performer_releases" ADD CONSTRAINT "co_performer_releases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_applications" ADD CONSTRAINT "performer_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_applications" ADD CONSTRAINT "performer_applications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_applications" ADD CONSTRAINT "performer_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_performer_releases_item_idx" ON "co_performer_releases" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "performer_applications_user_idx" ON "performer_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "performer_applications_state_idx" ON "performer_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "performer_applications_one_pending_idx" ON "performer_applications" USING btree ("user_id") WHERE state = 'pending';