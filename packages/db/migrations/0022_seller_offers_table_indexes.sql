DROP INDEX "offers_seller_updated_idx";--> statement-breakpoint
CREATE INDEX "offers_seller_open_updated_idx" ON "offers" USING btree ("seller_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "offers"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "offers_seller_open_price_idx" ON "offers" USING btree ("seller_id","sale_price_paise","id") WHERE "offers"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "offers_seller_open_stock_idx" ON "offers" USING btree ("seller_id","stock","id") WHERE "offers"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "offers_sku_trgm_idx" ON "offers" USING gin (lower("sku") gin_trgm_ops) WITH (fastupdate=false);