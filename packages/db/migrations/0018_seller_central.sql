CREATE TABLE "offer_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"applied_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "offer_imports_status_known" CHECK (status IN ('running', 'done', 'failed')),
	CONSTRAINT "offer_imports_counts_not_negative" CHECK ("offer_imports"."total_rows" >= 0 AND "offer_imports"."processed_rows" >= 0 AND "offer_imports"."applied_rows" >= 0 AND "offer_imports"."error_rows" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seller_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_documents_kind_known" CHECK (kind IN ('gst_certificate', 'cancelled_cheque', 'pan_card', 'enrolment_certificate')),
	CONSTRAINT "seller_documents_size_positive" CHECK ("seller_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "brand_campaigns" DROP CONSTRAINT "brand_campaigns_money_not_negative";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispatch_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "cod_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "created_by_seller_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_quantity" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "enrolment_no" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "return_address" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "return_pincode" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "contact_mobile" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD COLUMN "daily_budget_paise" integer;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD COLUMN "seller_id" integer;--> statement-breakpoint
ALTER TABLE "seller_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_imports" ADD CONSTRAINT "offer_imports_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_documents" ADD CONSTRAINT "seller_documents_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_imports_seller_idx" ON "offer_imports" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_documents_key_key" ON "seller_documents" USING btree ("key");--> statement-breakpoint
CREATE INDEX "seller_documents_seller_idx" ON "seller_documents" USING btree ("seller_id","kind");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_seller_id_sellers_id_fk" FOREIGN KEY ("created_by_seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_return_pincode_pincodes_pincode_fk" FOREIGN KEY ("return_pincode") REFERENCES "public"."pincodes"("pincode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD CONSTRAINT "brand_campaigns_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_seller_updated_idx" ON "offers" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_moderation_idx" ON "products" USING btree ("moderation_status","submitted_at");--> statement-breakpoint
CREATE INDEX "products_created_by_seller_idx" ON "products" USING btree ("created_by_seller_id");--> statement-breakpoint
CREATE INDEX "sellers_status_idx" ON "sellers" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "brand_campaigns_seller_idx" ON "brand_campaigns" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_messages_unread_idx" ON "seller_messages" USING btree ("seller_id","author") WHERE "seller_messages"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_dispatch_days_range" CHECK ("offers"."dispatch_days" BETWEEN 1 AND 30);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_closed_inactive" CHECK ("offers"."closed_at" IS NULL OR NOT "offers"."is_active");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_moderation_known" CHECK (moderation_status IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_known" CHECK (gst_rate IS NULL OR gst_rate IN (0, 5, 12, 18, 28));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_shape" CHECK ("products"."hsn_code" IS NULL OR "products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_status_known" CHECK (status IN ('pending', 'approved', 'rejected', 'suspended'));--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_rejection_has_reason" CHECK ("sellers"."status" <> 'rejected' OR "sellers"."rejection_reason" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD CONSTRAINT "brand_campaigns_money_not_negative" CHECK ("brand_campaigns"."maximum_spend_limit_paise" >= 0 AND "brand_campaigns"."bid_paise" >= 0 AND "brand_campaigns"."spent_paise" >= 0 AND ("brand_campaigns"."daily_budget_paise" IS NULL OR "brand_campaigns"."daily_budget_paise" >= 0));