CREATE TABLE "media_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_size_positive" CHECK ("media_images"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_images_path_key" ON "media_images" USING btree ("path");--> statement-breakpoint
CREATE INDEX "media_images_created_idx" ON "media_images" USING btree ("created_at");