CREATE TABLE "product_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_staff_id" integer,
	CONSTRAINT "product_revisions_status_known" CHECK (status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "product_revisions_rejection_has_reason" CHECK ("product_revisions"."status" <> 'rejected' OR "product_revisions"."reason" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_one_pending_key" ON "product_revisions" USING btree ("product_id") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_pending_idx" ON "product_revisions" USING btree ("submitted_at") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_product_idx" ON "product_revisions" USING btree ("product_id","submitted_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merged_into_id_products_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_merged_into_idx" ON "products" USING btree ("merged_into_id") WHERE "products"."merged_into_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merged_inactive" CHECK ("products"."merged_into_id" IS NULL OR NOT "products"."is_active");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_not_merged_into_itself" CHECK ("products"."merged_into_id" IS NULL OR "products"."merged_into_id" <> "products"."id");