ALTER TABLE "audit_log" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_hash" text;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "chain_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_key" ON "audit_log" USING btree ("chain_position");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_entries_chain_key" ON "settlement_entries" USING btree ("chain_position");--> statement-breakpoint
-- ADR-0045: the books (the seller ledger, tax documents and their lines, fee invoices, payouts, the
-- audit log) are written once. Triggers refuse UPDATE, DELETE and TRUNCATE whoever connects, except
-- the columns a payout's state change sets; ledger entries and audit rows are chained by hash.
-- The canonical texts: every column written at insert, in a fixed order, instants as whole
-- microseconds since 1970, the row's place in its chain first. `npm run verify-books` reads the same.
CREATE FUNCTION settlement_entry_canonical(e settlement_entries, place bigint) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT jsonb_build_array(place, e.id, e.seller_id, e.kind, e.amount_paise, e.order_item_id, e.document_id, e.payout_id, (extract(epoch FROM e.created_at) * 1000000)::bigint)::text $$;--> statement-breakpoint
CREATE FUNCTION audit_log_canonical(a audit_log, place bigint) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT jsonb_build_array(place, a.id, (extract(epoch FROM a.at) * 1000000)::bigint, a.actor_staff_id, a.actor, a.action, a.target_type, a.target_id, a.before, a.after)::text $$;--> statement-breakpoint
-- One hash step: SHA-256 (hex) of the previous row's hash ('' before the first row) and a row's canonical text.
CREATE FUNCTION books_chain_step(state text, head text, canonical text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT encode(sha256(convert_to(coalesce(state, head, '') || canonical, 'UTF8')), 'hex') $$;--> statement-breakpoint
-- run as a window over rows in chain order, it hashes rows written before the chain in one statement
CREATE AGGREGATE books_chain(text, text) (SFUNC = books_chain_step, STYPE = text);--> statement-breakpoint
-- the audit log's own refusal gives way to the books' one (same words), once the rows written before
-- this migration are chained, in id order
DROP TRIGGER "audit_log_no_update_or_delete" ON "audit_log";--> statement-breakpoint
DROP TRIGGER "audit_log_no_truncate" ON "audit_log";--> statement-breakpoint
DROP FUNCTION audit_log_append_only();--> statement-breakpoint
WITH placed AS (
  SELECT e, row_number() OVER (ORDER BY (e).id) AS place FROM settlement_entries e
), hashed AS (
  SELECT (e).id AS id, place, books_chain('', settlement_entry_canonical(e, place)) OVER (ORDER BY place) AS hash FROM placed
)
UPDATE settlement_entries s SET chain_position = h.place, chain_hash = h.hash FROM hashed h WHERE s.id = h.id;--> statement-breakpoint
WITH placed AS (
  SELECT a, row_number() OVER (ORDER BY (a).id) AS place FROM audit_log a
), hashed AS (
  SELECT (a).id AS id, place, books_chain('', audit_log_canonical(a, place)) OVER (ORDER BY place) AS hash FROM placed
)
UPDATE audit_log l SET chain_position = h.place, chain_hash = h.hash FROM hashed h WHERE l.id = h.id;--> statement-breakpoint
-- A new row takes the next place after the last chained row and hashes onto it. Concurrent writers
-- make one chain: the first book row of a transaction waits for one lock (both chains share it),
-- held to the end of the transaction, and reads the chain's head once; the transaction's next rows
-- follow the head it keeps. A savepoint rolled back takes its rows and its head back together.
CREATE FUNCTION books_chain_row() RETURNS trigger
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
  ELSE
    NEW.chain_hash := books_chain_step(NULL, split_part(head, ':', 2), audit_log_canonical(NEW, place));
  END IF;
  PERFORM set_config(setting, place || ':' || NEW.chain_hash, true);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Refuses a change to the books. TG_ARGV names the columns a state change may set (a payout's);
-- with none, every UPDATE is refused.
CREATE FUNCTION books_written_once() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'UPDATE' AND TG_NARGS > 0 THEN
    SELECT string_agg(n.key, ', ' ORDER BY n.key) INTO changed
      FROM jsonb_each(to_jsonb(NEW)) n
      WHERE n.value IS DISTINCT FROM (to_jsonb(OLD) -> n.key) AND NOT (n.key = ANY (TG_ARGV));
    IF changed IS NULL THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION '% is append-only: UPDATE of % is refused (only % may change)', TG_TABLE_NAME, changed, array_to_string(TG_ARGV, ', ')
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION '% is append-only: % is refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege',
      HINT = 'The books are corrected by new rows (a reversing entry, a credit note), never edited.';
END
$$;--> statement-breakpoint
CREATE TRIGGER "settlement_entries_chain" BEFORE INSERT ON "settlement_entries" FOR EACH ROW EXECUTE FUNCTION books_chain_row();--> statement-breakpoint
CREATE TRIGGER "settlement_entries_written_once" BEFORE UPDATE OR DELETE ON "settlement_entries" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "settlement_entries_no_truncate" BEFORE TRUNCATE ON "settlement_entries" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION books_chain_row();--> statement-breakpoint
CREATE TRIGGER "audit_log_written_once" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "tax_documents_written_once" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_truncate" BEFORE TRUNCATE ON "tax_documents" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_written_once" BEFORE UPDATE OR DELETE ON "tax_document_lines" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_no_truncate" BEFORE TRUNCATE ON "tax_document_lines" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "fee_invoices_written_once" BEFORE UPDATE OR DELETE ON "fee_invoices" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "fee_invoices_no_truncate" BEFORE TRUNCATE ON "fee_invoices" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
-- a payout's state and the provider's answers change; whom it pays, for which cycle and how much never do
CREATE TRIGGER "seller_payouts_written_once" BEFORE UPDATE OR DELETE ON "seller_payouts" FOR EACH ROW EXECUTE FUNCTION books_written_once('status', 'provider', 'provider_payout_id', 'utr', 'failure_reason', 'processed_at', 'completed_at');--> statement-breakpoint
CREATE TRIGGER "seller_payouts_no_truncate" BEFORE TRUNCATE ON "seller_payouts" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();
