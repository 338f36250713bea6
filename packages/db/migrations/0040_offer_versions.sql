ALTER TABLE "offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- requirements#seller-bulk-inventory: every writer of an offer's price, M.R.P. or stock (orders,
-- returns, the inline edit, uploads, listings) moves its version, so a save from a page loaded
-- before is refused rather than overwriting the change
CREATE FUNCTION offers_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.sale_price_paise, NEW.mrp_paise, NEW.stock) IS DISTINCT FROM (OLD.sale_price_paise, OLD.mrp_paise, OLD.stock) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER offers_version BEFORE UPDATE ON "offers" FOR EACH ROW EXECUTE FUNCTION offers_next_version();
