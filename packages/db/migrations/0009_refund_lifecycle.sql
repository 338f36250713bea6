ALTER TABLE "refunds" ADD COLUMN "bank_account_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","method","id");--> statement-breakpoint
-- Refunds marked processed before this change kept no provider reference: they go back to
-- initiated and are sent again under the same idempotency key (bazaar-refund-{id}, same payment,
-- amount and receipt), so the provider answers with the refund it already made and its id.
UPDATE "refunds" SET "status" = 'initiated' WHERE "status" = 'processed';--> statement-breakpoint
-- Only seeded demo refunds could be completed before: they keep a placeholder reference.
UPDATE "refunds" SET "provider" = 'unrecorded', "provider_refund_id" = 'refund-' || "id", "processed_at" = "updated_at", "completed_at" = "updated_at" WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_known" CHECK (method IN ('original_payment', 'bank_account'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_positive" CHECK ("refunds"."attempt" >= 1);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_taken_has_reference" CHECK ("refunds"."status" NOT IN ('processed', 'completed') OR ("refunds"."provider" IS NOT NULL AND "refunds"."provider_refund_id" IS NOT NULL AND "refunds"."processed_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_completed_has_date" CHECK ("refunds"."status" <> 'completed' OR "refunds"."completed_at" IS NOT NULL);