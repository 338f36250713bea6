CREATE TABLE "seller_ledger_totals" (
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "seller_ledger_totals_seller_id_kind_pk" PRIMARY KEY("seller_id","kind")
);
--> statement-breakpoint
ALTER TABLE "seller_ledger_totals" ADD CONSTRAINT "seller_ledger_totals_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_seller_payable_idx" ON "order_items" USING btree ("seller_id","payable_at");--> statement-breakpoint
CREATE INDEX "cod_collections_seller_idx" ON "cod_collections" USING btree ("seller_id","remitted_at");--> statement-breakpoint
CREATE INDEX "settlement_entries_sales_idx" ON "settlement_entries" USING btree ("seller_id","created_at","id") WHERE "settlement_entries"."kind" = 'sale';--> statement-breakpoint
-- ADR-0050: each seller's ledger by kind, added to in the inserting transaction, one statement at a time
-- (a bulk insert adds its rows in one upsert). The ledger is append-only (ADR-0045), so inserts are all
-- there is to follow. Sellers in order: two inserting transactions lock the rows alike.
CREATE FUNCTION seller_ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seller_ledger_totals (seller_id, kind, amount_paise, entries)
  SELECT seller_id, kind, sum(amount_paise), count(*)::int FROM new_entries
  GROUP BY seller_id, kind ORDER BY seller_id, kind
  ON CONFLICT (seller_id, kind) DO UPDATE
    SET amount_paise = seller_ledger_totals.amount_paise + excluded.amount_paise,
        entries = seller_ledger_totals.entries + excluded.entries;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER settlement_entries_totals AFTER INSERT ON settlement_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION seller_ledger_totals_add();
--> statement-breakpoint
INSERT INTO seller_ledger_totals (seller_id, kind, amount_paise, entries)
SELECT seller_id, kind, sum(amount_paise), count(*)::int FROM settlement_entries GROUP BY seller_id, kind;
