CREATE TABLE "courier_ndr_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courier_ndr_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"courier_shipment_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"action" text NOT NULL,
	"details" jsonb NOT NULL,
	"chosen_by" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_ndr_actions_action_known" CHECK (action IN ('re_attempt', 'change_address', 'change_phone', 'return_to_origin')),
	CONSTRAINT "courier_ndr_actions_chosen_by_known" CHECK (chosen_by IN ('shopper', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "courier_events" DROP CONSTRAINT "courier_events_scan_known";--> statement-breakpoint
ALTER TABLE "sandbox_courier_scans" DROP CONSTRAINT "sandbox_courier_scans_scan_known";--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD COLUMN "rto_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courier_ndr_actions" ADD CONSTRAINT "courier_ndr_actions_courier_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("courier_shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_ndr_actions_attempt_key" ON "courier_ndr_actions" USING btree ("courier_shipment_id","attempt");--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'rto_delivered', 'lost'));--> statement-breakpoint
ALTER TABLE "sandbox_courier_scans" ADD CONSTRAINT "sandbox_courier_scans_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'rto_delivered', 'lost'));