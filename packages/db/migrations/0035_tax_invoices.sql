CREATE TABLE "document_series" (
	"issuer" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "document_series_issuer_kind_financial_year_pk" PRIMARY KEY("issuer","kind","financial_year"),
	CONSTRAINT "document_series_serial_positive" CHECK ("document_series"."last_serial" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_document_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"gross_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"value_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"rate_percent" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	CONSTRAINT "tax_document_lines_kind_known" CHECK (kind IN ('goods', 'delivery')),
	CONSTRAINT "tax_document_lines_rate_known" CHECK (rate_percent IN (0, 5, 12, 18, 28)),
	CONSTRAINT "tax_document_lines_quantity_not_negative" CHECK ("tax_document_lines"."quantity" >= 0),
	CONSTRAINT "tax_document_lines_money_not_negative" CHECK ("tax_document_lines"."gross_paise" >= 0 AND "tax_document_lines"."discount_paise" >= 0 AND "tax_document_lines"."taxable_paise" >= 0 AND "tax_document_lines"."cgst_paise" >= 0 AND "tax_document_lines"."sgst_paise" >= 0 AND "tax_document_lines"."igst_paise" >= 0),
	CONSTRAINT "tax_document_lines_value" CHECK ("tax_document_lines"."value_paise" = "tax_document_lines"."gross_paise" - "tax_document_lines"."discount_paise"),
	CONSTRAINT "tax_document_lines_adds_up" CHECK ("tax_document_lines"."value_paise" = "tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer,
	"invoice_id" integer,
	"request_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_legal_name" text NOT NULL,
	"seller_gstin" text,
	"seller_enrolment_no" text,
	"seller_address" text NOT NULL,
	"seller_state_code" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_gstin" text,
	"buyer_business_name" text,
	"place_of_supply_code" text NOT NULL,
	"supply_kind" text NOT NULL,
	"value_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_known" CHECK (kind IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_supply_kind_known" CHECK (supply_kind IN ('intra', 'inter')),
	CONSTRAINT "tax_documents_unregistered_untaxed" CHECK ("tax_documents"."seller_gstin" IS NOT NULL OR ("tax_documents"."cgst_paise" = 0 AND "tax_documents"."sgst_paise" = 0 AND "tax_documents"."igst_paise" = 0)),
	CONSTRAINT "tax_documents_number_length" CHECK (length("tax_documents"."number") <= 16),
	CONSTRAINT "tax_documents_serial_positive" CHECK ("tax_documents"."serial" >= 1),
	CONSTRAINT "tax_documents_links_fit_kind" CHECK (("tax_documents"."kind" = 'invoice' AND "tax_documents"."shipment_id" IS NOT NULL AND "tax_documents"."invoice_id" IS NULL) OR ("tax_documents"."kind" = 'credit_note' AND "tax_documents"."invoice_id" IS NOT NULL)),
	CONSTRAINT "tax_documents_money_not_negative" CHECK ("tax_documents"."taxable_paise" >= 0 AND "tax_documents"."cgst_paise" >= 0 AND "tax_documents"."sgst_paise" >= 0 AND "tax_documents"."igst_paise" >= 0),
	CONSTRAINT "tax_documents_adds_up" CHECK ("tax_documents"."value_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise"),
	CONSTRAINT "tax_documents_tax_fits_supply" CHECK (("tax_documents"."supply_kind" = 'intra' AND "tax_documents"."igst_paise" = 0) OR ("tax_documents"."supply_kind" = 'inter' AND "tax_documents"."cgst_paise" = 0 AND "tax_documents"."sgst_paise" = 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_lines_document_idx" ON "tax_document_lines" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "tax_document_lines_item_idx" ON "tax_document_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_seller_series_key" ON "tax_documents" USING btree ("seller_id","kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_seller_number_key" ON "tax_documents" USING btree ("seller_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_shipment_key" ON "tax_documents" USING btree ("shipment_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_invoice_idx" ON "tax_documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "tax_documents_seller_issued_idx" ON "tax_documents" USING btree ("seller_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
-- a catalog from before invoices: its products take the HSN code and GST rate of their category's kind
UPDATE "products" p SET "hsn_code" = v.hsn, "gst_rate" = v.rate
FROM "categories" c, (VALUES
  ('5G Smartphones', '851713', 18),
  ('Budget Smartphones', '851713', 18),
  ('Android Tablets', '847130', 18),
  ('Kids'' Tablets', '847130', 18),
  ('Fast Chargers', '850440', 18),
  ('Power Banks', '850760', 18),
  ('True Wireless Earbuds', '851830', 18),
  ('Over-Ear Headphones', '851830', 18),
  ('Bluetooth Speakers', '851822', 18),
  ('Soundbars', '851822', 18),
  ('Thin & Light Laptops', '847130', 18),
  ('Gaming Laptops', '847130', 18),
  ('Mirrorless Cameras', '852589', 18),
  ('Action Cameras', '852589', 18),
  ('Smart LED TVs', '852872', 18),
  ('4K Ultra HD TVs', '852872', 18),
  ('Smartwatches', '851762', 18),
  ('Fitness Bands', '851762', 18),
  ('Sarees', '5407', 5),
  ('Kurtas & Kurtis', '6211', 5),
  ('Dresses', '6204', 12),
  ('Women''s Jeans', '6203', 12),
  ('Men''s T-Shirts', '6109', 5),
  ('Men''s Shirts', '6205', 5),
  ('Men''s Kurtas', '6211', 5),
  ('Kurta Pyjama Sets', '6211', 5),
  ('Men''s Sports Shoes', '6404', 18),
  ('Men''s Sandals & Floaters', '6402', 5),
  ('Women''s Flats & Sandals', '6402', 5),
  ('Women''s Sneakers', '6404', 18),
  ('Handbags', '4202', 18),
  ('Laptop Backpacks', '4202', 18),
  ('Analog Watches', '9102', 18),
  ('Sunglasses', '9004', 18),
  ('Earrings', '7117', 12),
  ('Necklace Sets', '7117', 12),
  ('Mixer Grinders', '8509', 18),
  ('Hand Blenders', '8509', 18),
  ('Electric Kettles', '8516', 18),
  ('Coffee Makers', '8516', 18),
  ('Pressure Cookers', '7615', 12),
  ('Kadhais & Tawas', '7323', 12),
  ('Water Bottles', '7323', 12),
  ('Flasks & Thermos', '9617', 12),
  ('Bedsheets', '6302', 12),
  ('Dohars & Comforters', '9404', 12),
  ('Cushion Covers', '9404', 12),
  ('Filled Cushions', '9404', 12),
  ('Office Chairs', '9401', 18),
  ('Dining Chairs', '9401', 18),
  ('Table Lamps', '9405', 12),
  ('LED Desk Lamps', '9405', 12),
  ('Matte Lipsticks', '3304', 18),
  ('Liquid Lipsticks', '3304', 18),
  ('Foundations', '3304', 18),
  ('Compact Powders', '3304', 18),
  ('Face Moisturisers', '3304', 18),
  ('Sunscreens', '3304', 18),
  ('Shampoos', '3305', 18),
  ('Hair Oils', '3305', 18),
  ('Beard Trimmers', '8510', 18),
  ('Body Groomers', '8510', 18),
  ('Deodorants', '3307', 18),
  ('Eau de Toilette', '3303', 18),
  ('Luxury Lipsticks', '3304', 18),
  ('Luxury Foundations', '3304', 18),
  ('Anti-Ageing Creams', '3304', 18),
  ('Luxury Face Serums', '3304', 18),
  ('Eau de Parfum', '3303', 18),
  ('Attars & Oud', '3303', 18),
  ('Dumbbells', '9506', 12),
  ('Kettlebells', '9506', 12),
  ('Yoga Mats', '9506', 12),
  ('Yoga Blocks & Straps', '9506', 12),
  ('Mountain Bikes', '8712', 12),
  ('Kids'' Bicycles', '8712', 12),
  ('Sipper Bottles', '7323', 12),
  ('Protein Shakers', '3924', 18),
  ('Cricket Bats', '9506', 12),
  ('Cricket Balls', '9506', 12),
  ('Badminton Rackets', '9506', 12),
  ('Tennis Rackets', '9506', 12),
  ('Indian Fiction', '4901', 0),
  ('Crime & Thrillers', '4901', 0),
  ('Competitive Exam Guides', '4901', 0),
  ('Children''s Books', '4901', 0),
  ('Building Blocks', '9503', 12),
  ('STEM Kits', '9503', 12),
  ('Soft Toys', '9503', 12),
  ('Remote Control Cars', '9503', 12)
) AS v(category, hsn, rate)
WHERE c."id" = p."category_id" AND c."name" = v.category AND (p."hsn_code" IS NULL OR p."gst_rate" IS NULL);--> statement-breakpoint
-- anything still without them cannot be invoiced, so it leaves the shop until its seller gives them
UPDATE "products" SET "is_active" = false WHERE "is_active" AND ("hsn_code" IS NULL OR "gst_rate" IS NULL);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_live_has_tax" CHECK (NOT "products"."is_active" OR ("products"."hsn_code" IS NOT NULL AND "products"."gst_rate" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_buyer_named" CHECK (("orders"."buyer_gstin" IS NULL) = ("orders"."buyer_business_name" IS NULL));