CREATE TABLE "e_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "e_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb,
	"irn" text,
	"ack_no" text,
	"acknowledged_at" timestamp with time zone,
	"signed_qr_code" text,
	"signed_invoice" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_code" text,
	"error_message" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoices_status_known" CHECK (status IN ('pending', 'registered', 'refused', 'cancelled')),
	CONSTRAINT "e_invoices_registered_whole" CHECK ("e_invoices"."status" NOT IN ('registered', 'cancelled') OR ("e_invoices"."irn" IS NOT NULL AND "e_invoices"."ack_no" IS NOT NULL AND "e_invoices"."acknowledged_at" IS NOT NULL AND "e_invoices"."signed_qr_code" IS NOT NULL)),
	CONSTRAINT "e_invoices_refused_has_reason" CHECK ("e_invoices"."status" <> 'refused' OR "e_invoices"."error_code" IS NOT NULL),
	CONSTRAINT "e_invoices_attempts_not_negative" CHECK ("e_invoices"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "eway_bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eway_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"value_paise" integer NOT NULL,
	"distance_km" integer NOT NULL,
	"part_a" jsonb NOT NULL,
	"ewb_no" text,
	"generated_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eway_bills_status_known" CHECK (status IN ('pending', 'generated', 'refused')),
	CONSTRAINT "eway_bills_threshold" CHECK ("eway_bills"."value_paise" > 5000000),
	CONSTRAINT "eway_bills_distance" CHECK ("eway_bills"."distance_km" BETWEEN 1 AND 4000),
	CONSTRAINT "eway_bills_generated_whole" CHECK ("eway_bills"."status" <> 'generated' OR ("eway_bills"."ewb_no" IS NOT NULL AND "eway_bills"."valid_until" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "tax_documents_seller_series_key";--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "document_prefix" text;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_document_key" ON "e_invoices" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_irn_key" ON "e_invoices" USING btree ("irn");--> statement-breakpoint
CREATE INDEX "e_invoices_seller_idx" ON "e_invoices" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "e_invoices_due_idx" ON "e_invoices" USING btree ("next_attempt_at") WHERE "e_invoices"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "eway_bills_shipment_key" ON "eway_bills" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "eway_bills_due_idx" ON "eway_bills" USING btree ("next_attempt_at") WHERE "eway_bills"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tax_documents_seller_series_idx" ON "tax_documents" USING btree ("seller_id","kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_gstin_year_number_key" ON "tax_documents" USING btree ("seller_gstin","financial_year",upper("number")) WHERE "tax_documents"."seller_gstin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_document_prefix_shape" CHECK ("sellers"."document_prefix" ~ '^[A-Z1-9][A-Z0-9/-]{0,4}$');