ALTER TABLE "privacy_breaches" ADD COLUMN "nature" text NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "location" text NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "consequences" text NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "contact" text NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "circumstances" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "cause_findings" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "remedial_measures" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "submission_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "board_intimated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD COLUMN "board_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_breaches_submission_key" ON "privacy_breaches" USING btree ("submission_key");