CREATE TABLE "courier_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courier_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"courier_shipment_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"scan" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "courier_events_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'lost')),
	CONSTRAINT "courier_events_outcome_known" CHECK (outcome IN ('applied', 'same', 'stale', 'backward', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "courier_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courier_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"provider" text NOT NULL,
	"awb_no" text NOT NULL,
	"courier_name" text NOT NULL,
	"charge_paise" integer NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_shipments_provider_known" CHECK (provider IN ('sandbox', 'shiprocket')),
	CONSTRAINT "courier_shipments_charge_positive" CHECK ("courier_shipments"."charge_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_courier_parcels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_courier_parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"awb_no" text NOT NULL,
	"reference" text NOT NULL,
	"zone" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"payment_mode" text NOT NULL,
	"cod_paise" integer NOT NULL,
	"pickup" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"contents" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_courier_scans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_courier_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"scan" text NOT NULL,
	"location" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sandbox_courier_scans_scan_known" CHECK (scan IN ('booked', 'pickup_scheduled', 'picked_up', 'in_transit', 'reached_destination_hub', 'out_for_delivery', 'delivered', 'delivery_attempted', 'rto_initiated', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "courier_provider" text;--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_courier_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("courier_shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_courier_scans" ADD CONSTRAINT "sandbox_courier_scans_parcel_id_sandbox_courier_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."sandbox_courier_parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_key" ON "courier_events" USING btree ("courier_shipment_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_shipment_key" ON "courier_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_awb_key" ON "courier_shipments" USING btree ("provider","awb_no");--> statement-breakpoint
CREATE INDEX "courier_shipments_seller_idx" ON "courier_shipments" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_courier_parcels_awb_key" ON "sandbox_courier_parcels" USING btree ("awb_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_courier_parcels_reference_key" ON "sandbox_courier_parcels" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_courier_scans_key" ON "sandbox_courier_scans" USING btree ("parcel_id","sequence");--> statement-breakpoint
CREATE INDEX "sandbox_courier_scans_due_idx" ON "sandbox_courier_scans" USING btree ("due_at") WHERE "sandbox_courier_scans"."sent_at" IS NULL;