-- Category listings filter a category's active products by price and order them by units sold
-- (and count them): this index answers both from the index alone. Before it, a top category's
-- filtered page read its matches' rows from the wide products table (4,850 pages for one page of
-- Electronics at 100,000 products; 320 with it).
CREATE INDEX "products_listing_idx" ON "products" ("category_id", "lowest_price_paise") INCLUDE ("units_sold", "id") WHERE "is_active";
