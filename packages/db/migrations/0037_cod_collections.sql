CREATE TABLE "cod_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"carrier" text,
	"amount_paise" integer NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"remitted_at" timestamp with time zone,
	"remittance_reference" text,
	"remitted_by" integer,
	CONSTRAINT "cod_collections_amount_not_negative" CHECK ("cod_collections"."amount_paise" >= 0),
	CONSTRAINT "cod_collections_remittance_has_reference" CHECK (("cod_collections"."remitted_at" IS NULL) = ("cod_collections"."remittance_reference" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_remitted_by_users_id_fk" FOREIGN KEY ("remitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_collections_shipment_key" ON "cod_collections" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "cod_collections_outstanding_idx" ON "cod_collections" USING btree ("collected_at") WHERE "cod_collections"."remitted_at" IS NULL;