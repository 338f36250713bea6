DROP INDEX "brands_name_trgm_idx";--> statement-breakpoint
DROP INDEX "categories_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The suggestion views, again: words are matched against product names only (a description that
-- mentions 'India' made every product a suggestion for 'indi'), and their GIN indexes are written
-- through like the tables' (every refresh rewrites the views).
DROP MATERIALIZED VIEW "suggestion_words";--> statement-breakpoint
DROP MATERIALIZED VIEW "product_suggestions";--> statement-breakpoint
CREATE MATERIALIZED VIEW "product_suggestions" AS
  SELECT "id", "name", "main_image", "units_sold", to_tsvector('english'::regconfig, "name") AS "search_vector"
    FROM "products"
   WHERE "is_active"
   ORDER BY "units_sold" DESC, "id"
   LIMIT 20000
  WITH DATA;--> statement-breakpoint
CREATE UNIQUE INDEX "product_suggestions_id_key" ON "product_suggestions" ("id");--> statement-breakpoint
CREATE INDEX "product_suggestions_sold_idx" ON "product_suggestions" ("units_sold" DESC, "id");--> statement-breakpoint
CREATE INDEX "product_suggestions_name_trgm_idx" ON "product_suggestions" USING gin ("name" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "product_suggestions_search_idx" ON "product_suggestions" USING gin ("search_vector") WITH (fastupdate = false);--> statement-breakpoint
CREATE MATERIALIZED VIEW "suggestion_words" AS
  SELECT DISTINCT lower("word") AS "word"
    FROM "product_suggestions", regexp_split_to_table("name", '[^[:alnum:]]+') AS "word"
   WHERE length("word") >= 3
  WITH DATA;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_words_word_key" ON "suggestion_words" ("word");--> statement-breakpoint
CREATE INDEX "suggestion_words_trgm_idx" ON "suggestion_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = false);
