DROP INDEX "coupons_product_code_key";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "scope" text DEFAULT 'product' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_wide_idx" ON "coupons" USING btree ("scope") WHERE "coupons"."scope" <> 'product';--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_target_code_key" ON "coupons" USING btree ("scope",coalesce("product_id", "category_id", "brand_id", "seller_id", 0),upper("name"));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_scope_known" CHECK (scope IN ('all', 'category', 'brand', 'seller', 'product'));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_scope_target" CHECK (CASE "coupons"."scope"
        WHEN 'all' THEN "coupons"."product_id" IS NULL AND "coupons"."category_id" IS NULL AND "coupons"."brand_id" IS NULL
        WHEN 'category' THEN "coupons"."category_id" IS NOT NULL AND "coupons"."product_id" IS NULL AND "coupons"."brand_id" IS NULL
        WHEN 'brand' THEN "coupons"."brand_id" IS NOT NULL AND "coupons"."product_id" IS NULL AND "coupons"."category_id" IS NULL
        WHEN 'seller' THEN "coupons"."seller_id" IS NOT NULL AND "coupons"."product_id" IS NULL AND "coupons"."category_id" IS NULL AND "coupons"."brand_id" IS NULL
        WHEN 'product' THEN "coupons"."product_id" IS NOT NULL AND "coupons"."category_id" IS NULL AND "coupons"."brand_id" IS NULL
        ELSE FALSE END);