CREATE TABLE "media_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_videos_size_positive" CHECK ("media_videos"."size_bytes" > 0),
	CONSTRAINT "media_videos_type_known" CHECK ("media_videos"."content_type" IN ('video/mp4', 'video/webm'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_videos_path_key" ON "media_videos" USING btree ("path");--> statement-breakpoint
CREATE INDEX "media_videos_created_idx" ON "media_videos" USING btree ("created_at");