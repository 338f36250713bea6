ALTER TABLE "offers" ADD COLUMN "is_held_by_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_held_by_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE INDEX "audit_log_target_at_idx" ON "audit_log" USING btree ("target_type","target_id","at");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_held_inactive" CHECK (NOT "offers"."is_held_by_suspension" OR NOT "offers"."is_active");--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_suspension_has_reason" CHECK ("sellers"."status" <> 'suspended' OR "sellers"."suspension_reason" IS NOT NULL);