CREATE TABLE "gst_rate_schedule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gst_rate_schedule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hsn_prefix" text NOT NULL,
	"description" text NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"threshold_paise" integer,
	"rate_above_bp" integer,
	"notification" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_rate_schedule_hsn_shape" CHECK ("gst_rate_schedule"."hsn_prefix" ~ '^[0-9]{2}([0-9]{2}){0,3}$'),
	CONSTRAINT "gst_rate_schedule_rate_known" CHECK ((rate_bp IN (0, 25, 150, 300, 500, 1800, 4000) OR (rate_bp IN (0, 25, 150, 300, 500, 1200, 1800, 2800, 4000) AND effective_from < '2025-09-22'))),
	CONSTRAINT "gst_rate_schedule_threshold" CHECK ((threshold_paise IS NULL AND rate_above_bp IS NULL) OR (threshold_paise > 0 AND rate_above_bp IS NOT NULL AND (rate_above_bp IN (0, 25, 150, 300, 500, 1800, 4000) OR (rate_above_bp IN (0, 25, 150, 300, 500, 1200, 1800, 2800, 4000) AND effective_from < '2025-09-22')))),
	CONSTRAINT "gst_rate_schedule_texts" CHECK (length("gst_rate_schedule"."description") BETWEEN 1 AND 200 AND length("gst_rate_schedule"."notification") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "gst_rate_schedule" ADD CONSTRAINT "gst_rate_schedule_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_rate_schedule_prefix_from_key" ON "gst_rate_schedule" USING btree ("hsn_prefix","effective_from");--> statement-breakpoint
-- requirements#gst-tax: the schedule is law as data; a change of law is a new row, never an edit
CREATE FUNCTION gst_rate_schedule_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'gst_rate_schedule is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER gst_rate_schedule_no_update_or_delete BEFORE UPDATE OR DELETE ON "gst_rate_schedule" FOR EACH ROW EXECUTE FUNCTION gst_rate_schedule_append_only();--> statement-breakpoint
CREATE TRIGGER gst_rate_schedule_no_truncate BEFORE TRUNCATE ON "gst_rate_schedule" FOR EACH STATEMENT EXECUTE FUNCTION gst_rate_schedule_append_only();--> statement-breakpoint
-- a product's rate is derived from its HSN code and the schedule, never typed: the typed rate stops counting
ALTER TABLE "products" DROP CONSTRAINT "products_gst_rate_known";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_live_has_tax";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_live_has_tax" CHECK (NOT "products"."is_active" OR "products"."hsn_code" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "turnover_band" text DEFAULT 'up_to_5cr' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_turnover_band_known" CHECK (turnover_band IN ('up_to_5cr', '5cr_to_10cr', 'above_10cr'));--> statement-breakpoint
-- document lines keep their rate in basis points (18 % = 1800), so 0.25 %, 1.5 % and 3 % can be stored
ALTER TABLE "tax_document_lines" DROP CONSTRAINT "tax_document_lines_rate_known";--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD COLUMN "rate_bp" integer;--> statement-breakpoint
UPDATE "tax_document_lines" SET "rate_bp" = "rate_percent" * 100;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ALTER COLUMN "rate_bp" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_document_lines" DROP COLUMN "rate_percent";--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_rate_known" CHECK (rate_bp IN (0, 25, 150, 300, 500, 1200, 1800, 2800, 4000));
