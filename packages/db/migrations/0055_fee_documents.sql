CREATE TABLE "fee_e_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_e_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fee_invoice_id" integer NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_e_invoices_status_known" CHECK (status IN ('pending', 'registered', 'refused')),
	CONSTRAINT "fee_e_invoices_registered_whole" CHECK ("fee_e_invoices"."status" <> 'registered' OR ("fee_e_invoices"."irn" IS NOT NULL AND "fee_e_invoices"."ack_no" IS NOT NULL AND "fee_e_invoices"."acknowledged_at" IS NOT NULL AND "fee_e_invoices"."signed_qr_code" IS NOT NULL)),
	CONSTRAINT "fee_e_invoices_refused_has_reason" CHECK ("fee_e_invoices"."status" <> 'refused' OR "fee_e_invoices"."error_code" IS NOT NULL)
);
--> statement-breakpoint
DROP INDEX "fee_invoices_series_key";--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD COLUMN "seller_address" text;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD COLUMN "seller_pincode" text;--> statement-breakpoint
ALTER TABLE "fee_e_invoices" ADD CONSTRAINT "fee_e_invoices_fee_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_e_invoices" ADD CONSTRAINT "fee_e_invoices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_e_invoices_document_key" ON "fee_e_invoices" USING btree ("fee_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_e_invoices_irn_key" ON "fee_e_invoices" USING btree ("irn");--> statement-breakpoint
CREATE INDEX "fee_e_invoices_due_idx" ON "fee_e_invoices" USING btree ("next_attempt_at") WHERE "fee_e_invoices"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_kind_series_key" ON "fee_invoices" USING btree ("kind","financial_year","serial");--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_kind_known" CHECK (kind IN ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_credit_note_of_invoice" CHECK ("fee_invoices"."kind" = 'credit_note' OR "fee_invoices"."invoice_id" IS NULL);