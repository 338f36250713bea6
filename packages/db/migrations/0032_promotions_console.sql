CREATE TABLE "platform_promo" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT 'PromoJun' NOT NULL,
	"amount_paise" integer NOT NULL,
	"is_enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_promo_one_row" CHECK ("platform_promo"."id" = 1),
	CONSTRAINT "platform_promo_amount_not_negative" CHECK ("platform_promo"."amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD COLUMN "review_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_product_code_key" ON "coupons" USING btree ("product_id",upper("name"));--> statement-breakpoint
CREATE INDEX "brand_campaigns_review_idx" ON "brand_campaigns" USING btree ("review_status","created_at");--> statement-breakpoint
CREATE INDEX "order_items_coupon_idx" ON "order_items" USING btree ("coupon_id","created_at") WHERE "order_items"."coupon_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD CONSTRAINT "brand_campaigns_review_status_known" CHECK (review_status IN ('pending', 'approved', 'refused'));