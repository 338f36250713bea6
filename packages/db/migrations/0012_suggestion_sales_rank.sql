-- The suggested products carry their place among the best sellers (sales_rank, 1 for the best), so
-- the search box walks the first few thousand in that order through an index and stops at its
-- eighth match, or finds a rare word's few matches through the word indexes first: before, the
-- walk sorted the whole view's rows, words and all, on every lookup of a small catalog.
DROP MATERIALIZED VIEW "suggestion_words";--> statement-breakpoint
DROP MATERIALIZED VIEW "product_suggestions";--> statement-breakpoint
CREATE MATERIALIZED VIEW "product_suggestions" AS
  SELECT "id", "name", "main_image", "units_sold",
         row_number() OVER (ORDER BY "units_sold" DESC, "id")::int AS "sales_rank",
         to_tsvector('english'::regconfig, "name") AS "search_vector"
    FROM "products"
   WHERE "is_active"
   ORDER BY "units_sold" DESC, "id"
   LIMIT 20000
  WITH DATA;--> statement-breakpoint
CREATE UNIQUE INDEX "product_suggestions_id_key" ON "product_suggestions" ("id");--> statement-breakpoint
CREATE INDEX "product_suggestions_rank_idx" ON "product_suggestions" ("sales_rank");--> statement-breakpoint
CREATE INDEX "product_suggestions_name_trgm_idx" ON "product_suggestions" USING gin ("name" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "product_suggestions_search_idx" ON "product_suggestions" USING gin ("search_vector") WITH (fastupdate = false);--> statement-breakpoint
CREATE MATERIALIZED VIEW "suggestion_words" AS
  SELECT DISTINCT lower("word") AS "word"
    FROM "product_suggestions", regexp_split_to_table("name", '[^[:alnum:]]+') AS "word"
   WHERE length("word") >= 3
  WITH DATA;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_words_word_key" ON "suggestion_words" ("word");--> statement-breakpoint
CREATE INDEX "suggestion_words_trgm_idx" ON "suggestion_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = false);
