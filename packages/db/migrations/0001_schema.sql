CREATE TABLE "delivery_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_type" text NOT NULL,
	"zone" text NOT NULL,
	"is_available" boolean NOT NULL,
	"charge_paise" integer NOT NULL,
	"arriving_days" integer NOT NULL,
	"has_cod" boolean NOT NULL,
	CONSTRAINT "delivery_rates_type_known" CHECK (delivery_type IN ('standard', 'express', 'twodays', 'oneday', 'sameday')),
	CONSTRAINT "delivery_rates_zone_known" CHECK (zone IN ('local', 'regional', 'national', 'remote')),
	CONSTRAINT "delivery_rates_charge_not_negative" CHECK ("delivery_rates"."charge_paise" >= 0),
	CONSTRAINT "delivery_rates_days_not_negative" CHECK ("delivery_rates"."arriving_days" >= 0),
	CONSTRAINT "delivery_rates_sameday_local_only" CHECK ("delivery_rates"."delivery_type" <> 'sameday' OR "delivery_rates"."zone" = 'local' OR NOT "delivery_rates"."is_available")
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"locality" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_serviceable" boolean DEFAULT true NOT NULL,
	"has_cod" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pincodes_pincode_six_digits" CHECK ("pincodes"."pincode" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "pincodes_latitude_range" CHECK ("pincodes"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "pincodes_longitude_range" CHECK ("pincodes"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"door_no" text NOT NULL,
	"street" text NOT NULL,
	"landmark" text NOT NULL,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_mobile_pattern" CHECK ("addresses"."mobile" ~ '^[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_type_known" CHECK (account_type IN ('savings', 'current')),
	CONSTRAINT "bank_accounts_number_digits" CHECK ("bank_accounts"."account_number" ~ '^[0-9]{9,18}$'),
	CONSTRAINT "bank_accounts_ifsc_shape" CHECK ("bank_accounts"."ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linked_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"linked_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linked_accounts_not_self" CHECK ("linked_accounts"."user_id" <> "linked_accounts"."linked_user_id")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" integer,
	"payload" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_known" CHECK (purpose IN ('registration_email', 'registration_mobile', 'login', 'password_reset', 'order_cancel', 'switch_account', 'link_account')),
	CONSTRAINT "one_time_codes_attempts_not_negative" CHECK ("one_time_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"mobile" text,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"anniversary" date,
	"role" text DEFAULT 'shopper' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"mobile_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_known" CHECK (role IN ('shopper', 'seller', 'admin')),
	CONSTRAINT "users_gender_known" CHECK (gender IS NULL OR gender IN ('male', 'female', 'others')),
	CONSTRAINT "users_mobile_pattern" CHECK ("users"."mobile" IS NULL OR "users"."mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "users_email_shape" CHECK ("users"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_registry" boolean DEFAULT false NOT NULL,
	"logo_path" text,
	"country" text,
	"tagline" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"image_path" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_level_range" CHECK ("categories"."level" BETWEEN 1 AND 4),
	CONSTRAINT "categories_root_has_no_parent" CHECK (("categories"."level" = 1) = ("categories"."parent_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"product_id" integer,
	"seller_id" integer,
	"offer_type" text NOT NULL,
	"value" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"per_day_limit" integer,
	"total_limit" integer,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"selected_days" jsonb,
	"seller_type" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_offer_type_known" CHECK (offer_type IN ('cash', 'percentage')),
	CONSTRAINT "coupons_value_positive" CHECK ("coupons"."value" > 0),
	CONSTRAINT "coupons_percentage_at_most_100" CHECK ("coupons"."offer_type" <> 'percentage' OR "coupons"."value" <= 100),
	CONSTRAINT "coupons_redeemed_not_negative" CHECK ("coupons"."redeemed_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"sku" text NOT NULL,
	"sale_price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"stock" integer NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"seller_pincode" text NOT NULL,
	"warranty_info" text,
	"warranty_by" text,
	"warranty_years" integer DEFAULT 0 NOT NULL,
	"manufacturer_name" text,
	"importer_name" text,
	"packer_name" text,
	"weight_grams" integer NOT NULL,
	"pack_weight_grams" integer NOT NULL,
	"length_cm" numeric(8, 1) NOT NULL,
	"width_cm" numeric(8, 1) NOT NULL,
	"height_cm" numeric(8, 1) NOT NULL,
	"origin" text DEFAULT 'India' NOT NULL,
	"parcel_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_sale_price_not_negative" CHECK ("offers"."sale_price_paise" >= 0),
	CONSTRAINT "offers_mrp_not_negative" CHECK ("offers"."mrp_paise" >= 0),
	CONSTRAINT "offers_stock_not_negative" CHECK ("offers"."stock" >= 0),
	CONSTRAINT "offers_max_per_order_positive" CHECK ("offers"."max_per_order" >= 1),
	CONSTRAINT "offers_warranty_not_negative" CHECK ("offers"."warranty_years" >= 0),
	CONSTRAINT "offers_weight_positive" CHECK ("offers"."weight_grams" > 0 AND "offers"."pack_weight_grams" > 0),
	CONSTRAINT "offers_parcel_type_known" CHECK (parcel_type IN ('unit', 'order', 'gram'))
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_attributes_product_id_name_value_pk" PRIMARY KEY("product_id","name","value")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"axes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"group_id" integer,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bullet_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"technical_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"main_image" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_path" text,
	"upc" text,
	"is_assured" boolean DEFAULT false NOT NULL,
	"is_comparable" boolean DEFAULT true NOT NULL,
	"has_replacement" boolean DEFAULT false NOT NULL,
	"replace_days" integer DEFAULT 0 NOT NULL,
	"has_return" boolean DEFAULT false NOT NULL,
	"return_days" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"star1" integer DEFAULT 0 NOT NULL,
	"star2" integer DEFAULT 0 NOT NULL,
	"star3" integer DEFAULT 0 NOT NULL,
	"star4" integer DEFAULT 0 NOT NULL,
	"star5" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"lowest_price_paise" integer,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "products"."name" || ' ' || coalesce("products"."description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_days_not_negative" CHECK ("products"."replace_days" >= 0 AND "products"."return_days" >= 0),
	CONSTRAINT "products_stars_not_negative" CHECK ("products"."star1" >= 0 AND "products"."star2" >= 0 AND "products"."star3" >= 0 AND "products"."star4" >= 0 AND "products"."star5" >= 0 AND "products"."rating_count" >= 0),
	CONSTRAINT "products_lowest_price_not_negative" CHECK ("products"."lowest_price_paise" IS NULL OR "products"."lowest_price_paise" >= 0),
	CONSTRAINT "products_units_sold_not_negative" CHECK ("products"."units_sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_no" text,
	"stars" integer NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sellers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"type" text DEFAULT 'seller' NOT NULL,
	"pincode" text NOT NULL,
	"gstin" text,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sellers_type_known" CHECK (type IN ('seller', 'brand')),
	CONSTRAINT "sellers_rating_not_negative" CHECK ("sellers"."rating_count" >= 0 AND "sellers"."rating_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"image_path" text NOT NULL,
	"link" text,
	"alt_text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "banners_kind_known" CHECK (kind IN ('long', 'small'))
);
--> statement-breakpoint
CREATE TABLE "brand_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"product_id" integer,
	"ad_type" text NOT NULL,
	"ad_image" text,
	"ad_video" text,
	"ad_size" text,
	"page" text NOT NULL,
	"type" text DEFAULT 'sponsored_brand' NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"maximum_spend_limit_paise" integer NOT NULL,
	"bid_paise" integer NOT NULL,
	"spent_paise" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_campaigns_ad_type_known" CHECK (ad_type IN ('image', 'video')),
	CONSTRAINT "brand_campaigns_page_known" CHECK (page IN ('home', 'category', 'search', 'product', 'brand', 'deals')),
	CONSTRAINT "brand_campaigns_dates_ordered" CHECK ("brand_campaigns"."from_date" <= "brand_campaigns"."to_date"),
	CONSTRAINT "brand_campaigns_money_not_negative" CHECK ("brand_campaigns"."maximum_spend_limit_paise" >= 0 AND "brand_campaigns"."bid_paise" >= 0 AND "brand_campaigns"."spent_paise" >= 0),
	CONSTRAINT "brand_campaigns_counts_not_negative" CHECK ("brand_campaigns"."impressions" >= 0 AND "brand_campaigns"."clicks" >= 0),
	CONSTRAINT "brand_campaigns_media_present" CHECK (("brand_campaigns"."ad_type" = 'image' AND "brand_campaigns"."ad_image" IS NOT NULL) OR ("brand_campaigns"."ad_type" = 'video' AND "brand_campaigns"."ad_video" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"seller_id" integer,
	"match_type" text,
	"user_id" integer,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_events_kind_known" CHECK (kind IN ('impression', 'click')),
	CONSTRAINT "campaign_events_cost_not_negative" CHECK ("campaign_events"."cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_columns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_id" integer NOT NULL,
	"display_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"span" integer DEFAULT 12 NOT NULL,
	"header" text,
	"display_count" integer DEFAULT 4 NOT NULL,
	CONSTRAINT "content_columns_display_type_known" CHECK (display_type IN ('product', 'banner', 'video', 'content')),
	CONSTRAINT "content_columns_span_range" CHECK ("content_columns"."span" BETWEEN 1 AND 12),
	CONSTRAINT "content_columns_count_positive" CHECK ("content_columns"."display_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"column_id" integer NOT NULL,
	"display_type" text NOT NULL,
	"product_id" integer,
	"image_path" text,
	"link" text,
	"video_path" text,
	"content" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_items_display_type_known" CHECK (display_type IN ('product', 'banner', 'video', 'content')),
	CONSTRAINT "content_items_product_present" CHECK ("content_items"."display_type" <> 'product' OR "content_items"."product_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_section_known" CHECK ("content_pages"."section" IN ('explore', 'policy'))
);
--> statement-breakpoint
CREATE TABLE "content_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_type" text NOT NULL,
	"category_id" integer,
	"content_type" text DEFAULT 'Home' NOT NULL,
	"show_title" boolean DEFAULT true NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_rows_page_type_known" CHECK (page_type IN ('home', 'c', 'sc', 'ssc', 'sssc')),
	CONSTRAINT "content_rows_category_matches_page" CHECK (("content_rows"."page_type" = 'home') = ("content_rows"."category_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "deal_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"user_id" integer,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page" text NOT NULL,
	"product_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"seller_type" text DEFAULT 'seller' NOT NULL,
	"billing_type" text DEFAULT 'click' NOT NULL,
	"offer_type" text NOT NULL,
	"page_points" integer DEFAULT 0 NOT NULL,
	"discount_percent" integer NOT NULL,
	"registration_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_page_known" CHECK (page IN ('home', 'category', 'search', 'product', 'brand', 'deals')),
	CONSTRAINT "deals_offer_type_known" CHECK (offer_type IN ('deals', 'percentage_offer')),
	CONSTRAINT "deals_billing_type_known" CHECK (billing_type IN ('click', 'impression')),
	CONSTRAINT "deals_discount_range" CHECK ("deals"."discount_percent" BETWEEN 1 AND 100),
	CONSTRAINT "deals_dates_ordered" CHECK ("deals"."starts_at" < "deals"."ends_at"),
	CONSTRAINT "deals_counts_not_negative" CHECK ("deals"."clicks" >= 0 AND "deals"."page_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "footer_menu_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "footer_menu_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section" text NOT NULL,
	"name" text NOT NULL,
	"page_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "footer_menu_items_section_known" CHECK (section IN ('explore', 'profits', 'policy', 'support'))
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_menu_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "top_menu_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "browsing_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "browsing_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "saved_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"offer_id" integer,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_items_list_known" CHECK (list IN ('save_for_later', 'wishlist'))
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_history_keyword_length" CHECK (length("search_history"."keyword") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer,
	"stars" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_kind_known" CHECK (kind IN ('seller', 'delivery', 'product')),
	CONSTRAINT "feedback_stars_range" CHECK ("feedback"."stars" BETWEEN 1 AND 5),
	CONSTRAINT "feedback_product_for_product_kind" CHECK (("feedback"."kind" = 'product') = ("feedback"."product_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "item_request_media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_request_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_request_media_kind_known" CHECK (kind IN ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "item_request_reasons" (
	"request_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	CONSTRAINT "item_request_reasons_request_id_reason_id_pk" PRIMARY KEY("request_id","reason_id")
);
--> statement-breakpoint
CREATE TABLE "item_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ref_no" text NOT NULL,
	"kind" text NOT NULL,
	"order_item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text DEFAULT 'customer' NOT NULL,
	"additional_info" text,
	"pickup_date" date,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_requests_kind_known" CHECK (kind IN ('cancel', 'return', 'replace')),
	CONSTRAINT "item_requests_requested_by_known" CHECK ("item_requests"."requested_by" IN ('customer', 'seller')),
	CONSTRAINT "item_requests_quantity_positive" CHECK ("item_requests"."quantity" >= 1),
	CONSTRAINT "item_requests_status_fits_kind" CHECK ((kind = 'cancel' AND status IN ('pending', 'completed', 'rejected')) OR (kind = 'return' AND status IN ('pending', 'refund-with-reverse', 'refund-without-reverse', 'rejected')) OR (kind = 'replace' AND status IN ('pending', 'initiate-replacement', 'reject-with-return', 'reject-without-return'))),
	CONSTRAINT "item_requests_pickup_only_for_return_or_replace" CHECK ("item_requests"."kind" <> 'cancel' OR "item_requests"."pickup_date" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"parent_item_id" integer,
	"product_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"shipment_id" integer,
	"product_name" text NOT NULL,
	"product_image" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"coupon_id" integer,
	"coupon_discount_paise" integer DEFAULT 0 NOT NULL,
	"delivery_type" text NOT NULL,
	"delivery_days" integer NOT NULL,
	"delivery_charge_paise" integer NOT NULL,
	"parcel_type" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"zone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"split_mode" text DEFAULT 'nochange' NOT NULL,
	"cancelled_quantity" integer DEFAULT 0 NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"replaced_quantity" integer DEFAULT 0 NOT NULL,
	"return_window_days" integer NOT NULL,
	"replace_window_days" integer NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_status_known" CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled', 'undelivered')),
	CONSTRAINT "order_items_split_mode_known" CHECK (split_mode IN ('nochange', 'splitted')),
	CONSTRAINT "order_items_delivery_type_known" CHECK (delivery_type IN ('standard', 'express', 'twodays', 'oneday', 'sameday')),
	CONSTRAINT "order_items_zone_known" CHECK (zone IN ('local', 'regional', 'national', 'remote')),
	CONSTRAINT "order_items_parcel_type_known" CHECK (parcel_type IN ('unit', 'order', 'gram')),
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" >= 1),
	CONSTRAINT "order_items_money_not_negative" CHECK ("order_items"."unit_price_paise" >= 0 AND "order_items"."mrp_paise" >= 0 AND "order_items"."coupon_discount_paise" >= 0 AND "order_items"."delivery_charge_paise" >= 0),
	CONSTRAINT "order_items_processed_within_quantity" CHECK ("order_items"."cancelled_quantity" >= 0 AND "order_items"."returned_quantity" >= 0 AND "order_items"."replaced_quantity" >= 0 AND "order_items"."cancelled_quantity" + "order_items"."returned_quantity" + "order_items"."replaced_quantity" <= "order_items"."quantity"),
	CONSTRAINT "order_items_windows_not_negative" CHECK ("order_items"."return_window_days" >= 0 AND "order_items"."replace_window_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"payment_status" text NOT NULL,
	"items_total_paise" integer NOT NULL,
	"coupon_discount_paise" integer DEFAULT 0 NOT NULL,
	"delivery_charge_paise" integer DEFAULT 0 NOT NULL,
	"promo_name" text,
	"promo_discount_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"delivery_name" text NOT NULL,
	"delivery_phone" text NOT NULL,
	"delivery_email" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_pincode" text NOT NULL,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_known" CHECK (status IN ('awaiting_payment', 'placed', 'payment_failed')),
	CONSTRAINT "orders_payment_mode_known" CHECK (payment_mode IN ('cod', 'prepaid')),
	CONSTRAINT "orders_payment_status_known" CHECK (payment_status IN ('pending', 'awaiting_payment', 'paid', 'failed', 'refunded', 'partially_refunded')),
	CONSTRAINT "orders_money_not_negative" CHECK ("orders"."items_total_paise" >= 0 AND "orders"."coupon_discount_paise" >= 0 AND "orders"."delivery_charge_paise" >= 0 AND "orders"."promo_discount_paise" >= 0 AND "orders"."total_paise" >= 0),
	CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_paise" = "orders"."items_total_paise" - "orders"."coupon_discount_paise" + "orders"."delivery_charge_paise" - "orders"."promo_discount_paise")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_payment_id" text,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_known" CHECK (status IN ('created', 'paid', 'failed')),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reason_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reason_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reason_questions_kind_known" CHECK (kind IN ('cancel', 'return', 'replace'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"request_id" integer,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"method" text DEFAULT 'original_payment' NOT NULL,
	"bank_account_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_known" CHECK (status IN ('initiated', 'processed', 'completed', 'failed')),
	CONSTRAINT "refunds_amount_not_negative" CHECK ("refunds"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seller_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_item_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_messages_author_known" CHECK ("seller_messages"."author" IN ('shopper', 'seller')),
	CONSTRAINT "seller_messages_body_length" CHECK (length("seller_messages"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"status" text DEFAULT 'manifested' NOT NULL,
	"carrier" text,
	"awb_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "shipments_status_known" CHECK (status IN ('manifested', 'not_picked', 'in_transit', 'pending', 'dispatched', 'delivered', 'cancelled_by_seller', 'return_to_origin', 'lost_in_transit', 'delivery_failed'))
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"location" text,
	"note" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_status_known" CHECK (status IN ('manifested', 'not_picked', 'in_transit', 'pending', 'dispatched', 'delivered', 'cancelled_by_seller', 'return_to_origin', 'lost_in_transit', 'delivery_failed'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"template" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_channel_known" CHECK (channel IN ('email', 'sms')),
	CONSTRAINT "outbox_status_known" CHECK (status IN ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_attempts_not_negative" CHECK ("outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_pincode_pincodes_pincode_fk" FOREIGN KEY ("pincode") REFERENCES "public"."pincodes"("pincode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_linked_user_id_users_id_fk" FOREIGN KEY ("linked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_pincode_pincodes_pincode_fk" FOREIGN KEY ("seller_pincode") REFERENCES "public"."pincodes"("pincode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_pincode_pincodes_pincode_fk" FOREIGN KEY ("pincode") REFERENCES "public"."pincodes"("pincode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD CONSTRAINT "brand_campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_campaigns" ADD CONSTRAINT "brand_campaigns_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_brand_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."brand_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_columns" ADD CONSTRAINT "content_columns_row_id_content_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."content_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_column_id_content_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."content_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_rows" ADD CONSTRAINT "content_rows_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_clicks" ADD CONSTRAINT "deal_clicks_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_clicks" ADD CONSTRAINT "deal_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footer_menu_items" ADD CONSTRAINT "footer_menu_items_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_menu_items" ADD CONSTRAINT "top_menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browsing_history" ADD CONSTRAINT "browsing_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browsing_history" ADD CONSTRAINT "browsing_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_request_media" ADD CONSTRAINT "item_request_media_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_request_reasons" ADD CONSTRAINT "item_request_reasons_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_request_reasons" ADD CONSTRAINT "item_request_reasons_reason_id_reason_questions_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reason_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_parent_item_id_order_items_id_fk" FOREIGN KEY ("parent_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_messages" ADD CONSTRAINT "seller_messages_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_messages" ADD CONSTRAINT "seller_messages_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_messages" ADD CONSTRAINT "seller_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_rates_type_zone_key" ON "delivery_rates" USING btree ("delivery_type","zone");--> statement-breakpoint
CREATE INDEX "pincodes_latitude_longitude_idx" ON "pincodes" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "pincodes_state_district_idx" ON "pincodes" USING btree ("state","district");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_per_user" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_per_user" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_pair_key" ON "linked_accounts" USING btree ("user_id","linked_user_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_purpose_target_idx" ON "one_time_codes" USING btree ("purpose","target","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_key" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_level_name_key" ON "categories" USING btree ("level",lower("name"));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_product_idx" ON "coupons" USING btree ("product_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_product_seller_key" ON "offers" USING btree ("product_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_seller_sku_key" ON "offers" USING btree ("seller_id","sku");--> statement-breakpoint
CREATE INDEX "offers_product_price_idx" ON "offers" USING btree ("product_id","sale_price_paise");--> statement-breakpoint
CREATE INDEX "product_attributes_name_value_idx" ON "product_attributes" USING btree ("name","value","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_key" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","lowest_price_paise");--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","units_sold");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_group_idx" ON "products" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("units_sold");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_product_seller_idx" ON "reviews" USING btree ("product_id","seller_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_name_key" ON "sellers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_user_key" ON "sellers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "banners_kind_idx" ON "banners" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "brand_campaigns_page_idx" ON "brand_campaigns" USING btree ("page","ad_type","from_date","to_date");--> statement-breakpoint
CREATE INDEX "brand_campaigns_brand_idx" ON "brand_campaigns" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_idx" ON "campaign_events" USING btree ("campaign_id","occurred_at");--> statement-breakpoint
CREATE INDEX "content_columns_row_idx" ON "content_columns" USING btree ("row_id","position");--> statement-breakpoint
CREATE INDEX "content_items_column_idx" ON "content_items" USING btree ("column_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_section_name_key" ON "content_pages" USING btree ("section",lower("name"));--> statement-breakpoint
CREATE INDEX "content_rows_page_idx" ON "content_rows" USING btree ("page_type","category_id","position");--> statement-breakpoint
CREATE INDEX "deal_clicks_deal_idx" ON "deal_clicks" USING btree ("deal_id","occurred_at");--> statement-breakpoint
CREATE INDEX "deals_page_offer_idx" ON "deals" USING btree ("page","offer_type","ends_at");--> statement-breakpoint
CREATE INDEX "deals_offer_type_idx" ON "deals" USING btree ("offer_type","ends_at");--> statement-breakpoint
CREATE INDEX "footer_menu_items_section_idx" ON "footer_menu_items" USING btree ("section","position");--> statement-breakpoint
CREATE UNIQUE INDEX "top_menu_items_name_key" ON "top_menu_items" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "browsing_history_user_product_key" ON "browsing_history" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "browsing_history_user_viewed_idx" ON "browsing_history" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_offer_key" ON "cart_items" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_items_user_list_product_key" ON "saved_items" USING btree ("user_id","list","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_history_user_keyword_key" ON "search_history" USING btree ("user_id",lower("keyword"));--> statement-breakpoint
CREATE INDEX "search_history_user_searched_idx" ON "search_history" USING btree ("user_id","searched_at");--> statement-breakpoint
CREATE INDEX "feedback_order_idx" ON "feedback" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "feedback_seller_idx" ON "feedback" USING btree ("seller_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_one_per_subject_key" ON "feedback" USING btree ("user_id","order_id","seller_id","kind",coalesce("product_id", 0));--> statement-breakpoint
CREATE INDEX "item_request_media_request_idx" ON "item_request_media" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_requests_ref_no_key" ON "item_requests" USING btree ("ref_no");--> statement-breakpoint
CREATE INDEX "item_requests_item_idx" ON "item_requests" USING btree ("order_item_id","kind");--> statement-breakpoint
CREATE INDEX "item_requests_user_idx" ON "item_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_seller_status_idx" ON "order_items" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "order_items_shipment_idx" ON "order_items" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_key" ON "payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reason_questions_kind_idx" ON "reason_questions" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key" ON "refunds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "seller_messages_item_idx" ON "seller_messages" USING btree ("order_item_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_messages_seller_idx" ON "seller_messages" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_invoice_no_key" ON "shipments" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "shipments_order_seller_idx" ON "shipments" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE INDEX "tracking_events_shipment_idx" ON "tracking_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","created_at");