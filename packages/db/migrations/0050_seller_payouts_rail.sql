ALTER TABLE "seller_payouts" DROP CONSTRAINT "seller_payouts_status_known";--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "retried_by_id" integer;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_retried_by_id_seller_payouts_id_fk" FOREIGN KEY ("retried_by_id") REFERENCES "public"."seller_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_payouts_held_idx" ON "seller_payouts" USING btree ("seller_id") WHERE "seller_payouts"."returned_at" IS NOT NULL AND "seller_payouts"."released_at" IS NULL;--> statement-breakpoint
-- ADR-0045, ADR-0048: a payout's return, release, last look by the rail and retry are state it may change
DROP TRIGGER "seller_payouts_written_once" ON "seller_payouts";--> statement-breakpoint
CREATE TRIGGER "seller_payouts_written_once" BEFORE UPDATE OR DELETE ON "seller_payouts" FOR EACH ROW EXECUTE FUNCTION books_written_once('status', 'provider', 'provider_payout_id', 'utr', 'failure_reason', 'processed_at', 'completed_at', 'returned_at', 'released_at', 'checked_at', 'retried_by_id');--> statement-breakpoint
-- ADR-0048: payouts that failed before this change gave their amount back and held nothing
UPDATE "seller_payouts" SET "returned_at" = coalesce("processed_at", "created_at"), "released_at" = coalesce("processed_at", "created_at") WHERE "status" = 'failed';--> statement-breakpoint
-- the one change of a key: this migration, as the tables' owner, with the books' guard off for it (ADR-0045)
ALTER TABLE "seller_payouts" DISABLE TRIGGER "seller_payouts_written_once";--> statement-breakpoint
-- keys RazorpayX refuses (4 to 36 letters, digits, -, _ or space) were never taken: the next send goes under a new one
UPDATE "seller_payouts" SET "idempotency_key" = 'sp-' || "id" || '-' || substr(md5(random()::text), 1, 12) WHERE "status" = 'initiated' AND "idempotency_key" !~ '^[A-Za-z0-9 _-]{4,36}$';--> statement-breakpoint
ALTER TABLE "seller_payouts" ENABLE TRIGGER "seller_payouts_written_once";--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_returned_when" CHECK ((status IN ('refused', 'failed', 'reversed')) = (returned_at IS NOT NULL));--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_released_returned" CHECK ("seller_payouts"."released_at" IS NULL OR "seller_payouts"."returned_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_status_known" CHECK (status IN ('initiated', 'processed', 'completed', 'refused', 'failed', 'reversed'));--> statement-breakpoint
-- ADR-0048: a seller's payout cut-offs only move forward. A cut-off at or before the seller's latest
-- would pay again what that payout already took (its entry is dated at its own cut-off), so it is
-- refused whatever makes the payout: the seller's row is locked first, so two servers inserting at
-- once for one seller are serialised and the second sees the first's cut-off.
-- (A payout's seller and cut-off never change after: the books refuse it, ADR-0045.)
CREATE FUNCTION seller_payouts_period_forward() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest timestamptz;
BEGIN
  PERFORM 1 FROM sellers WHERE id = NEW.seller_id FOR UPDATE;
  SELECT max(period_end) INTO latest FROM seller_payouts WHERE seller_id = NEW.seller_id AND id <> NEW.id;
  IF latest IS NOT NULL AND NEW.period_end <= latest THEN
    RAISE EXCEPTION 'payout cut-off % is not after seller %''s latest payout cut-off %', NEW.period_end, NEW.seller_id, latest
      USING ERRCODE = 'check_violation', CONSTRAINT = 'seller_payouts_period_forward';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER seller_payouts_period_forward BEFORE INSERT ON "seller_payouts" FOR EACH ROW EXECUTE FUNCTION seller_payouts_period_forward();