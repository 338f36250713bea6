-- The 300,000 best sellers with what a search matches them by (name and description words without
-- their positions, brand, category), in a table small enough to stay in memory (about 100 MB at a
-- million products). A broad keyword ('lighting', a tenth of a large catalog) has its 2,400
-- best-selling matches among them, so the search results rank those without reading a hundred
-- thousand rows of the catalog; a narrower keyword is searched in the whole catalog as before.
-- Refreshed with product_suggestions.
CREATE MATERIALIZED VIEW "best_seller_search" AS
  SELECT "id", "units_sold", "brand_id", "category_id", strip("search_vector") AS "search_vector"
    FROM "products"
   WHERE "is_active"
   ORDER BY "units_sold" DESC, "id"
   LIMIT 300000
  WITH DATA;
--> statement-breakpoint
CREATE UNIQUE INDEX "best_seller_search_id_key" ON "best_seller_search" ("id");
--> statement-breakpoint
CREATE INDEX "best_seller_search_vector_idx" ON "best_seller_search" USING gin ("search_vector") WITH (fastupdate = false);
--> statement-breakpoint
CREATE INDEX "best_seller_search_brand_idx" ON "best_seller_search" ("brand_id");
--> statement-breakpoint
CREATE INDEX "best_seller_search_category_idx" ON "best_seller_search" ("category_id");
