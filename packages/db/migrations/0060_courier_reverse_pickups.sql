CREATE TABLE "courier_reverse_pickups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courier_reverse_pickups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"provider" text NOT NULL,
	"awb_no" text NOT NULL,
	"courier_name" text NOT NULL,
	"charge_paise" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"quality_check_notes" jsonb NOT NULL,
	"last_event_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"qc_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_reverse_pickups_status_known" CHECK (status IN ('booked', 'picked_up', 'delivered', 'qc_failed'))
);
--> statement-breakpoint
ALTER TABLE "courier_events" DROP CONSTRAINT "courier_events_scan_known";--> statement-breakpoint
ALTER TABLE "sandbox_courier_scans" DROP CONSTRAINT "sandbox_courier_scans_scan_known";--> statement-breakpoint
ALTER TABLE "courier_reverse_pickups" ADD CONSTRAINT "courier_reverse_pickups_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_reverse_pickups" ADD CONSTRAINT "courier_reverse_pickups_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_reverse_pickups_request_key" ON "courier_reverse_pickups" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_reverse_pickups_awb_key" ON "courier_reverse_pickups" USING btree ("provider","awb_no");--> statement-breakpoint
CREATE INDEX "courier_reverse_pickups_seller_idx" ON "courier_reverse_pickups" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'rto_delivered', 'lost', 'qc_failed'));--> statement-breakpoint
ALTER TABLE "sandbox_courier_scans" ADD CONSTRAINT "sandbox_courier_scans_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'rto_delivered', 'lost', 'qc_failed'));