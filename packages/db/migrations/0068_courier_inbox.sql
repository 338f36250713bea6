CREATE TABLE "courier_inbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courier_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"awb_no" text NOT NULL,
	"event_key" text NOT NULL,
	"scan" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone,
	"outcome" text,
	"last_error" text,
	CONSTRAINT "courier_inbox_provider_known" CHECK (provider IN ('sandbox', 'shiprocket')),
	CONSTRAINT "courier_inbox_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'rto_delivered', 'lost', 'qc_failed')),
	CONSTRAINT "courier_inbox_outcome_known" CHECK (outcome IN ('applied', 'same', 'stale', 'backward', 'refused', 'duplicate', 'unknown_awb', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_inbox_event_key" ON "courier_inbox" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "courier_inbox_waiting_idx" ON "courier_inbox" USING btree ("id") WHERE "courier_inbox"."applied_at" IS NULL;