-- The products the search box suggests: the 20,000 best sellers, with their own trigram and
-- full-text indexes, so a suggestion lookup stays a few milliseconds however large the catalog
-- grows. Every product is still found by its exact name and on the search results page.
-- Refreshed after seeding and hourly by the server (refreshProductSuggestions).
CREATE MATERIALIZED VIEW "product_suggestions" AS
  SELECT "id", "name", "main_image", "units_sold", "search_vector"
    FROM "products"
   WHERE "is_active"
   ORDER BY "units_sold" DESC, "id"
   LIMIT 20000
  WITH DATA;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_suggestions_id_key" ON "product_suggestions" ("id");
--> statement-breakpoint
CREATE INDEX "product_suggestions_sold_idx" ON "product_suggestions" ("units_sold" DESC, "id");
--> statement-breakpoint
CREATE INDEX "product_suggestions_name_trgm_idx" ON "product_suggestions" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "product_suggestions_search_idx" ON "product_suggestions" USING gin ("search_vector");
