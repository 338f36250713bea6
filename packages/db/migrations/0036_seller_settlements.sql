CREATE TABLE "commission_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"scope_id" integer,
	"percent_basis_points" integer NOT NULL,
	"minimum_paise" integer NOT NULL,
	"closing_fees" jsonb NOT NULL,
	"shipping_fee_per_slab_paise" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_scope_known" CHECK (scope IN ('default', 'category', 'seller', 'product')),
	CONSTRAINT "commission_rules_scope_target" CHECK (("commission_rules"."scope" = 'default') = ("commission_rules"."scope_id" IS NULL)),
	CONSTRAINT "commission_rules_amounts" CHECK ("commission_rules"."percent_basis_points" BETWEEN 0 AND 10000 AND "commission_rules"."minimum_paise" >= 0 AND "commission_rules"."shipping_fee_per_slab_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seller_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text,
	"provider_payout_id" text,
	"utr" text,
	"bank_account_last4" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "seller_payouts_status_known" CHECK (status IN ('initiated', 'processed', 'completed', 'failed')),
	CONSTRAINT "seller_payouts_amount_positive" CHECK ("seller_payouts"."amount_paise" > 0),
	CONSTRAINT "seller_payouts_completed_has_utr" CHECK ("seller_payouts"."status" <> 'completed' OR "seller_payouts"."utr" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "settlement_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"order_item_id" integer,
	"document_id" integer,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_entries_kind_known" CHECK (kind IN ('sale', 'commission', 'commission_gst', 'closing_fee', 'closing_fee_gst', 'shipping_fee', 'shipping_fee_gst', 'tcs', 'tds', 'refund', 'payout')),
	CONSTRAINT "settlement_entries_source" CHECK (("settlement_entries"."kind" = 'payout') = ("settlement_entries"."payout_id" IS NOT NULL) AND ("settlement_entries"."kind" = 'payout' OR "settlement_entries"."order_item_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "payable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_payout_id_seller_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."seller_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rules_scope_idx" ON "commission_rules" USING btree ("scope","scope_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payouts_cycle_key" ON "seller_payouts" USING btree ("seller_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payouts_idempotency_key" ON "seller_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "seller_payouts_status_idx" ON "seller_payouts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "settlement_entries_seller_idx" ON "settlement_entries" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "settlement_entries_item_idx" ON "settlement_entries" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "settlement_entries_payout_idx" ON "settlement_entries" USING btree ("payout_id");--> statement-breakpoint
-- requirements#settlement: the marketplace's standing terms, from the start: 10 % commission (at least ₹5 a unit), a closing fee by price band, ₹35 a 500 g slab for shipping
INSERT INTO "commission_rules" ("scope", "scope_id", "percent_basis_points", "minimum_paise", "closing_fees", "shipping_fee_per_slab_paise", "effective_from")
VALUES ('default', NULL, 1000, 500, '[{"fromPaise":0,"feePaise":500},{"fromPaise":50000,"feePaise":1000},{"fromPaise":100000,"feePaise":2000}]'::jsonb, 3500, '2020-01-01T00:00:00Z');
