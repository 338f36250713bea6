CREATE TABLE "product_texts" (
	"product_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"bullet_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pending_title" text,
	"pending_bullet_points" jsonb,
	"pending_description" text,
	"pending_seller_id" integer,
	"submitted_at" timestamp with time zone,
	"rejection_reason" text,
	"decided_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector(CASE "product_texts"."language" WHEN 'hi' THEN 'hindi'::regconfig WHEN 'ta' THEN 'tamil'::regconfig ELSE 'simple'::regconfig END, translate(coalesce("product_texts"."title", '') || ' ' || "product_texts"."description", U&'\200C\200D', ''))) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_texts_product_id_language_pk" PRIMARY KEY("product_id","language"),
	CONSTRAINT "product_texts_language_known" CHECK ("product_texts"."language" IN ('hi', 'ta', 'te'))
);
--> statement-breakpoint
ALTER TABLE "product_texts" ADD CONSTRAINT "product_texts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_texts" ADD CONSTRAINT "product_texts_pending_seller_id_sellers_id_fk" FOREIGN KEY ("pending_seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_texts_search_idx" ON "product_texts" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_texts_pending_idx" ON "product_texts" USING btree ("submitted_at") WHERE "product_texts"."pending_title" IS NOT NULL;