CREATE TABLE "fee_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"month" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_legal_name" text NOT NULL,
	"seller_gstin" text,
	"seller_state_code" text NOT NULL,
	"supply_kind" text NOT NULL,
	"commission_paise" integer NOT NULL,
	"closing_fee_paise" integer NOT NULL,
	"shipping_fee_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"value_paise" integer NOT NULL,
	"issued_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_invoices_month_format" CHECK ("fee_invoices"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "fee_invoices_supply_kind_known" CHECK (supply_kind IN ('intra', 'inter')),
	CONSTRAINT "fee_invoices_number_length" CHECK (length("fee_invoices"."number") <= 16),
	CONSTRAINT "fee_invoices_serial_positive" CHECK ("fee_invoices"."serial" >= 1),
	CONSTRAINT "fee_invoices_taxable" CHECK ("fee_invoices"."taxable_paise" = "fee_invoices"."commission_paise" + "fee_invoices"."closing_fee_paise" + "fee_invoices"."shipping_fee_paise" AND "fee_invoices"."taxable_paise" > 0),
	CONSTRAINT "fee_invoices_adds_up" CHECK ("fee_invoices"."value_paise" = "fee_invoices"."taxable_paise" + "fee_invoices"."cgst_paise" + "fee_invoices"."sgst_paise" + "fee_invoices"."igst_paise"),
	CONSTRAINT "fee_invoices_tax_fits_supply" CHECK (("fee_invoices"."supply_kind" = 'intra' AND "fee_invoices"."igst_paise" = 0) OR ("fee_invoices"."supply_kind" = 'inter' AND "fee_invoices"."cgst_paise" = 0 AND "fee_invoices"."sgst_paise" = 0))
);
--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_issued_by_staff_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_seller_month_key" ON "fee_invoices" USING btree ("seller_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_series_key" ON "fee_invoices" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_number_key" ON "fee_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fee_invoices_month_idx" ON "fee_invoices" USING btree ("month","serial");