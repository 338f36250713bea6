ALTER TABLE "item_requests" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "item_requests_awaiting_pickup_idx" ON "item_requests" USING btree ("pickup_date") WHERE "item_requests"."picked_up_at" IS NULL AND "item_requests"."decided_at" IS NOT NULL AND "item_requests"."kind" <> 'cancel';--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_picked_up_only_after_decision" CHECK ("item_requests"."picked_up_at" IS NULL OR ("item_requests"."kind" <> 'cancel' AND "item_requests"."decided_at" IS NOT NULL));--> statement-breakpoint
-- requests decided under the earlier rule: a refund already started counts as picked up at the decision; an older pickup day as picked up that day
UPDATE "item_requests" SET "picked_up_at" = CASE
    WHEN EXISTS (SELECT 1 FROM "refunds" WHERE "refunds"."request_id" = "item_requests"."id") THEN "decided_at"
    ELSE GREATEST("decided_at", "pickup_date"::timestamptz)
  END
  WHERE "status" IN ('refund-with-reverse', 'initiate-replacement', 'reject-with-return')
    AND "decided_at" IS NOT NULL
    AND "picked_up_at" IS NULL
    AND (EXISTS (SELECT 1 FROM "refunds" WHERE "refunds"."request_id" = "item_requests"."id") OR "pickup_date" < CURRENT_DATE);
