CREATE TABLE "gateway_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_settlement_id" text NOT NULL,
	"utr" text NOT NULL,
	"settled_on" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fees_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_settlements_amounts" CHECK ("gateway_settlements"."amount_paise" >= 0 AND "gateway_settlements"."fees_paise" >= 0 AND "gateway_settlements"."tax_paise" >= 0 AND "gateway_settlements"."amount_paise" + "gateway_settlements"."fees_paise" + "gateway_settlements"."tax_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_one_source";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_settlement_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_settlement_id" integer;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "gateway_settlement_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_settlements_provider_key" ON "gateway_settlements" USING btree ("provider","provider_settlement_id");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_gateway_settlement_id_gateway_settlements_id_fk" FOREIGN KEY ("gateway_settlement_id") REFERENCES "public"."gateway_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("provider","status") WHERE "payments"."gateway_settlement_id" IS NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_one_source" CHECK (num_nonnulls("journal_lines"."settlement_entry_id", "journal_lines"."cod_collection_id", "journal_lines"."cod_remittance_id", "journal_lines"."cod_settlement_id", "journal_lines"."gateway_settlement_id") = 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_settlement_id_fk" FOREIGN KEY ("gateway_settlement_id") REFERENCES "public"."gateway_settlements"("id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gateway_settlement_id_fk" FOREIGN KEY ("gateway_settlement_id") REFERENCES "public"."gateway_settlements"("id");--> statement-breakpoint
-- requirements#gateway-settlements: a settlement is written once, like the books it is posted to (ADR-0045)
CREATE TRIGGER "gateway_settlements_written_once" BEFORE UPDATE OR DELETE ON "gateway_settlements" FOR EACH ROW EXECUTE FUNCTION books_written_once();--> statement-breakpoint
CREATE TRIGGER "gateway_settlements_no_truncate" BEFORE TRUNCATE ON "gateway_settlements" FOR EACH STATEMENT EXECUTE FUNCTION books_written_once();--> statement-breakpoint
-- a line's canonical text names its source; the lines of a gateway settlement add it at the end, so
-- every line chained before it hashes as it did (ADR-0053)
CREATE OR REPLACE FUNCTION journal_line_canonical(l journal_lines, place bigint) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT CASE WHEN l.gateway_settlement_id IS NULL
  THEN jsonb_build_array(place, l.id, l.journal, l.voucher, l.voucher_type, (extract(epoch FROM l.posted_at) * 1000000)::bigint, l.account, l.amount_paise, l.narration, l.settlement_entry_id, l.cod_collection_id, l.cod_remittance_id, l.cod_settlement_id, (extract(epoch FROM l.created_at) * 1000000)::bigint)::text
  ELSE jsonb_build_array(place, l.id, l.journal, l.voucher, l.voucher_type, (extract(epoch FROM l.posted_at) * 1000000)::bigint, l.account, l.amount_paise, l.narration, l.settlement_entry_id, l.cod_collection_id, l.cod_remittance_id, l.cod_settlement_id, (extract(epoch FROM l.created_at) * 1000000)::bigint, l.gateway_settlement_id)::text
  END $$;--> statement-breakpoint
-- the gateway's transfer: the bank receives what arrived, its fees are the marketplace's cost and the
-- GST on them an input tax credit; the shoppers' money waiting at the gateway falls by all three
CREATE FUNCTION journal_post_gateway_settlements(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO journal_lines (journal, voucher, voucher_type, posted_at, account, amount_paise, narration, gateway_settlement_id)
  SELECT 'gateway-settlement:' || g.id, 'gateway-settlement:' || g.id, CASE WHEN g.amount_paise > 0 THEN 'Receipt' ELSE 'Journal' END,
    g.settled_on::timestamp AT TIME ZONE 'Asia/Kolkata', x.account, x.amount,
    'Gateway settlement ' || g.provider_settlement_id || ' UTR ' || g.utr || ' from ' || g.provider, g.id
  FROM gateway_settlements g
  CROSS JOIN LATERAL (VALUES
    (1, 'bank', g.amount_paise),
    (2, 'gateway-charges', g.fees_paise),
    (3, 'input-gst', g.tax_paise),
    (4, 'gateway-clearing', -(g.amount_paise + g.fees_paise + g.tax_paise))) x(place, account, amount)
  WHERE g.id = ANY (ids) AND x.amount <> 0
  ORDER BY g.id, x.place
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_post_rows() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'settlement_entries' THEN PERFORM journal_post_entries(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'cod_collections' THEN PERFORM journal_post_cod_collections(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'cod_remittances' THEN PERFORM journal_post_cod_remittances(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'cod_receivable_settlements' THEN PERFORM journal_post_cod_settlements(ARRAY(SELECT id FROM new_rows ORDER BY id));
    WHEN 'gateway_settlements' THEN PERFORM journal_post_gateway_settlements(ARRAY(SELECT id FROM new_rows ORDER BY id));
  END CASE;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gateway_settlements_journal" AFTER INSERT ON "gateway_settlements" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_post_rows();
