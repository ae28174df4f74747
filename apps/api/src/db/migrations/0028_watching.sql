CREATE TABLE "video_view_marks" (
	"video_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"counted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "video_view_marks_video_id_viewer_key_pk" PRIMARY KEY("video_id","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "watch_progress" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"position_sec" real NOT NULL,
	"duration_sec" real,
	"finished" boolean DEFAULT false NOT NULL,
	"watched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_progress_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "video_view_marks" ADD CONSTRAINT "video_view_marks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_view_marks_counted_idx" ON "video_view_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "watch_progress_user_newest_idx" ON "watch_progress" USING btree ("user_id","watched_at");