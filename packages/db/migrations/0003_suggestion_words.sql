-- The words of the suggested products' names, for close-spelling lookups: a mistyped word
-- ('liuid') is matched to the nearest real word ('liquid') in this small list, and the products
-- are then found by that word through the full-text index. Refreshed with product_suggestions.
CREATE MATERIALIZED VIEW "suggestion_words" AS
  SELECT DISTINCT lower("word") AS "word"
    FROM "product_suggestions", regexp_split_to_table("name", '[^[:alnum:]]+') AS "word"
   WHERE length("word") >= 3
  WITH DATA;
--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_words_word_key" ON "suggestion_words" ("word");
--> statement-breakpoint
CREATE INDEX "suggestion_words_trgm_idx" ON "suggestion_words" USING gin ("word" gin_trgm_ops);
