CREATE TABLE "journal_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"journal" text NOT NULL,
	"voucher" text NOT NULL,
	"voucher_type" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"account" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"narration" text NOT NULL,
	"settlement_entry_id" integer,
	"cod_collection_id" integer,
	"cod_remittance_id" integer,
	"cod_settlement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chain_position" bigint,
	"chain_hash" text,
	CONSTRAINT "journal_lines_amount_not_zero" CHECK ("journal_lines"."amount_paise" <> 0),
	CONSTRAINT "journal_lines_voucher_type_known" CHECK (voucher_type IN ('Sales', 'Journal', 'Payment', 'Receipt')),
	CONSTRAINT "journal_lines_account_format" CHECK ("journal_lines"."account" ~ '^[a-z]+(-[a-z]+)*(:[A-Za-z0-9][A-Za-z0-9 ._-]{0,63})?$'),
	CONSTRAINT "journal_lines_one_source" CHECK (num_nonnulls("journal_lines"."settlement_entry_id", "journal_lines"."cod_collection_id", "journal_lines"."cod_remittance_id", "journal_lines"."cod_settlement_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_settlement_entry_id_settlement_entries_id_fk" FOREIGN KEY ("settlement_entry_id") REFERENCES "public"."settlement_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_cod_collection_id_cod_collections_id_fk" FOREIGN KEY ("cod_collection_id") REFERENCES "public"."cod_collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_cod_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("cod_remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_cod_settlement_id_cod_receivable_settlements_id_fk" FOREIGN KEY ("cod_settlement_id") REFERENCES "public"."cod_receivable_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_lines_chain_key" ON "journal_lines" USING btree ("chain_position");--> statement-breakpoint
CREATE INDEX "journal_lines_posted_idx" ON "journal_lines" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account","posted_at");--> statement-breakpoint
CREATE INDEX "journal_lines_journal_idx" ON "journal_lines" USING btree ("journal");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("settlement_entry_id");--> statement-breakpoint
-- ADR-0053: the operator's double-entry journal. The database posts it from the rows the money moves
-- with (seller ledger entries, COD collections, courier remittances and their later settlements), in
-- their own statement and transaction, so every writer (the ledger, payouts, the console, the seed)
-- posts alike. Lines are + debit, − credit; the lines of a journal add up to zero, checked per statement.
-- a courier as its account names it, whatever the case it was typed in (remittances match couriers so)
CREATE FUNCTION journal_party(raw text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT coalesce(nullif(left(btrim(regexp_replace(initcap(lower(coalesce(raw, ''))), '[^A-Za-z0-9 ._-]+', ' ', 'g')), 64), ''), 'Not named') $$;--> statement-breakpoint
-- a seller ledger entry (signed from the seller's side) moves money between the seller's payable and
-- the account its kind names: the buyer's money (gateway or COD), a fee's income, a tax payable, the bank
CREATE FUNCTION journal_post_entries(ids integer[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  unknown_kind text;
BEGIN
  SELECT e.kind INTO unknown_kind FROM settlement_entries e
    WHERE e.id = ANY (ids) AND e.kind NOT IN ('sale', 'refund', 'commission', 'commission_gst', 'closing_fee', 'closing_fee_gst', 'shipping_fee', 'shipping_fee_gst', 'tcs', 'tds', 'payout')
    LIMIT 1;
  IF unknown_kind IS NOT NULL THEN
    RAISE EXCEPTION 'settlement entry kind % has no journal posting (ADR-0053)', unknown_kind;
  END IF;
  INSERT INTO journal_lines (journal, voucher, voucher_type, posted_at, account, amount_paise, narration, settlement_entry_id)
  SELECT 'entry:' || e.id, v.voucher, v.voucher_type, e.created_at, x.account, x.amount, v.narration, e.id
  FROM settlement_entries e
  LEFT JOIN tax_documents d ON d.id = e.document_id
  LEFT JOIN order_items i ON i.id = e.order_item_id
  LEFT JOIN orders o ON o.id = i.order_id
  CROSS JOIN LATERAL (
    SELECT
      CASE
        WHEN e.payout_id IS NOT NULL THEN (CASE WHEN e.amount_paise < 0 THEN 'payout:' ELSE 'payout-return:' END) || e.payout_id
        WHEN d.id IS NOT NULL THEN 'document:' || d.id
        ELSE 'entry:' || e.id
      END AS voucher,
      CASE
        WHEN e.payout_id IS NOT NULL THEN (CASE WHEN e.amount_paise < 0 THEN 'Payment' ELSE 'Receipt' END)
        WHEN d.kind = 'invoice' THEN 'Sales'
        ELSE 'Journal'
      END AS voucher_type,
      CASE
        WHEN e.payout_id IS NOT NULL THEN (CASE WHEN e.amount_paise < 0 THEN 'Payout ' ELSE 'Payout returned ' END) || e.payout_id || ' seller S' || e.seller_id
        WHEN d.id IS NOT NULL THEN (CASE WHEN d.kind = 'invoice' THEN 'Invoice ' ELSE 'Credit note ' END) || d.number || ' seller S' || e.seller_id
        ELSE e.kind || ' seller S' || e.seller_id
      END AS narration,
      CASE e.kind
        WHEN 'sale' THEN (CASE WHEN o.payment_mode = 'cod' THEN 'cod-to-collect' ELSE 'gateway-clearing' END)
        -- a COD order's money given back: never collected, it is not collected; collected, the bank pays it back
        WHEN 'refund' THEN (CASE
          WHEN o.payment_mode <> 'cod' THEN 'gateway-clearing'
          WHEN EXISTS (SELECT 1 FROM cod_collections c WHERE c.order_id = o.id AND c.seller_id = e.seller_id) THEN 'bank'
          ELSE 'cod-to-collect' END)
        WHEN 'commission' THEN 'commission-income'
        WHEN 'closing_fee' THEN 'closing-fee-income'
        WHEN 'shipping_fee' THEN 'shipping-fee-income'
        WHEN 'commission_gst' THEN 'output-gst-payable'
        WHEN 'closing_fee_gst' THEN 'output-gst-payable'
        WHEN 'shipping_fee_gst' THEN 'output-gst-payable'
        -- requirements#tcs-law: TCS is owed in the supplier's state (GSTR-8 per state registration)
        WHEN 'tcs' THEN 'tcs-payable:' || coalesce(d.seller_state_code,
          (SELECT t.seller_state_code FROM tax_documents t WHERE t.order_id = i.order_id AND t.seller_id = e.seller_id ORDER BY t.id LIMIT 1),
          'unknown')
        WHEN 'tds' THEN 'tds-payable'
        WHEN 'payout' THEN 'bank'
      END AS counter
  ) v
  CROSS JOIN LATERAL (VALUES (1, 'seller-payable:' || e.seller_id, -e.amount_paise::bigint), (2, v.counter, e.amount_paise::bigint)) x(place, account, amount)
  WHERE e.id = ANY (ids) AND e.amount_paise <> 0
  ORDER BY e.id, x.place;
END
$$;--> statement-breakpoint
-- cash a courier collected at the door: it now owes it, the order's COD no longer waits to be collected
CREATE FUNCTION journal_post_cod_collections(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO journal_lines (journal, voucher, voucher_type, posted_at, account, amount_paise, narration, cod_collection_id)
  SELECT 'cod-collection:' || c.id, 'cod-collection:' || c.id, 'Journal', c.collected_at, x.account, x.amount,
    'COD collected by ' || journal_party(c.carrier) || ' shipment ' || c.shipment_id, c.id
  FROM cod_collections c
  CROSS JOIN LATERAL (VALUES (1, 'courier-cod-receivable:' || journal_party(c.carrier), c.amount_paise::bigint), (2, 'cod-to-collect', -c.amount_paise::bigint)) x(place, account, amount)
  WHERE c.id = ANY (ids) AND c.amount_paise <> 0
  ORDER BY c.id, x.place
$$;--> statement-breakpoint
-- a courier's transfer (ADR-0046): the bank receives what arrived, accepted deductions are the
-- marketplace's cost, the courier's receivable falls by both; what it still owes stays owed
CREATE FUNCTION journal_post_cod_remittances(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO journal_lines (journal, voucher, voucher_type, posted_at, account, amount_paise, narration, cod_remittance_id)
  SELECT 'cod-remittance:' || r.id, 'cod-remittance:' || r.id, CASE WHEN r.remitted_paise > 0 THEN 'Receipt' ELSE 'Journal' END,
    r.remitted_on::timestamp AT TIME ZONE 'Asia/Kolkata', x.account, x.amount,
    'COD remittance ' || r.reference || ' from ' || journal_party(r.carrier), r.id
  FROM cod_remittances r
  CROSS JOIN LATERAL (VALUES
    (1, 'bank', r.remitted_paise),
    (2, 'courier-charges', r.accepted_paise),
    (3, 'courier-cod-receivable:' || journal_party(r.carrier), -(r.remitted_paise + r.accepted_paise))) x(place, account, amount)
  WHERE r.id = ANY (ids) AND x.amount <> 0
  ORDER BY r.id, x.place
$$;--> statement-breakpoint
-- a later transfer or a write-off settling a remittance's receivable
CREATE FUNCTION journal_post_cod_settlements(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO journal_lines (journal, voucher, voucher_type, posted_at, account, amount_paise, narration, cod_settlement_id)
  SELECT 'cod-settlement:' || s.id, 'cod-settlement:' || s.id, CASE WHEN s.kind = 'remittance' THEN 'Receipt' ELSE 'Journal' END,
    s.settled_on::timestamp AT TIME ZONE 'Asia/Kolkata', x.account, x.amount,
    CASE WHEN s.kind = 'remittance' THEN 'COD receivable paid ' || s.reference ELSE 'COD receivable written off' END || ' by ' || journal_party(r.carrier) || ' remittance ' || r.reference, s.id
  FROM cod_receivable_settlements s
  JOIN cod_remittances r ON r.id = s.remittance_id
  CROSS JOIN LATERAL (VALUES
    (1, CASE WHEN s.kind = 'remittance' THEN 'bank' ELSE 'cod-write-offs' END, s.amount_paise),
    (2, 'courier-cod-receivable:' || journal_party(r.carrier), -s.amount_paise)) x(place, account, amount)
  WHERE s.id = ANY (ids) AND s.amount_paise <> 0
  ORDER BY s.id, x.place
$$;--> statement-breakpoint
CREATE FUNCTION journal_post_rows() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'settlement_entries' THEN PERFORM journal_post_entries(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'cod_collections' THEN PERFORM journal_post_cod_collections(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'cod_remittances' THEN PERFORM journal_post_cod_remittances(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'cod_receivable_settlements' THEN PERFORM journal_post_cod_settlements(ARRAY(SELECT id FROM new_rows ORDER BY id));
  END CASE;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a journal is written in one statement: after it, each journal it touched adds up to zero
CREATE FUNCTION journal_balances() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  broken record;
BEGIN
  SELECT l.journal, sum(l.amount_paise) AS total INTO broken
    FROM journal_lines l WHERE l.journal IN (SELECT DISTINCT journal FROM new_rows)
    GROUP BY l.journal HAVING sum(l.amount_paise) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal % does not balance: its lines add up to % paise', broken.journal, broken.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION journal_line_canonical(l journal_lines, place bigint) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT jsonb_build_array(place, l.id, l.journal, l.voucher, l.voucher_type, (extract(epoch FROM l.posted_at) * 1000000)::bigint, l.account, l.amount_paise, l.narration, l.settlement_entry_id, l.cod_collection_id, l.cod_remittance_id, l.cod_settlement_id, (extract(epoch FROM l.created_at) * 1000000)::bigint)::text $$;--> statement-breakpoint
-- ADR-0045's chain, now of three tables (one lock for all, a head per table)
CREATE OR REPLACE FUNCTION books_chain_row() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  setting text := 'books.chain_head_' || TG_TABLE_NAME;
  head text := current_setting(setting, true);
  place bigint;
BEGIN
  IF head IS NULL OR head = '' THEN
    PERFORM pg_advisory_xact_lock(72401907);
    IF TG_TABLE_NAME = 'settlement_entries' THEN
      SELECT chain_position || ':' || chain_hash INTO head
        FROM settlement_entries WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1;
    ELSIF TG_TABLE_NAME = 'journal_lines' THEN
      SELECT chain_position || ':' || chain_hash INTO head
        FROM journal_lines WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1;
    ELSE
      SELECT chain_position || ':' || chain_hash INTO head
        FROM audit_log WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1;
    END IF;
    head := coalesce(head, '0:');
  END IF;
  place := split_part(head, ':', 1)::bigint + 1;
  NEW.chain_position := place;
  IF TG_TABLE_NAME = 'settlement_entries' THEN
    NEW.chain_hash := books_chain_step(NULL, split_part(head, ':', 2), settlement_entry_canonical(NEW, place));
  ELSIF TG_TABLE_NAME = 'journal_lines' THEN
    NEW.chain_hash := books_chain_step(NULL, split_part(head, ':', 2), journal_line_canonical(NEW, place));
  ELSE
    NEW.chain_hash := books_chain_step(NULL, split_part(head, ':', 2), audit_log_canonical(NEW, place));
  END IF;
  PERFORM set_config(setting, place || ':' || NEW.chain_hash, true);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_chain" BEFORE INSERT ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION books_chain_row();--> statement-breakpoint
CREATE TRIGGER "journal_lines_balance" AFTER INSERT ON "journal_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_balances();--> statement-breakpoint
CREATE TRIGGER "journal_lines_written_once" BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "journal_lines_no_truncate" BEFORE TRUNCATE ON "journal_lines" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
-- the rows written before the journal existed are posted once, in the order they were written
SELECT journal_post_cod_collections(ARRAY(SELECT id FROM cod_collections ORDER BY id));--> statement-breakpoint
SELECT journal_post_entries(ARRAY(SELECT id FROM settlement_entries ORDER BY id));--> statement-breakpoint
SELECT journal_post_cod_remittances(ARRAY(SELECT id FROM cod_remittances ORDER BY id));--> statement-breakpoint
SELECT journal_post_cod_settlements(ARRAY(SELECT id FROM cod_receivable_settlements ORDER BY id));--> statement-breakpoint
CREATE TRIGGER "settlement_entries_journal" AFTER INSERT ON "settlement_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_post_rows();--> statement-breakpoint
CREATE TRIGGER "cod_collections_journal" AFTER INSERT ON "cod_collections" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_post_rows();--> statement-breakpoint
CREATE TRIGGER "cod_remittances_journal" AFTER INSERT ON "cod_remittances" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_post_rows();--> statement-breakpoint
CREATE TRIGGER "cod_receivable_settlements_journal" AFTER INSERT ON "cod_receivable_settlements" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_post_rows();
