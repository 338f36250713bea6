CREATE TABLE "cod_receivable_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_receivable_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remittance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference" text,
	"reason" text,
	"settled_on" date NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_receivable_settlements_kind_known" CHECK (kind IN ('remittance', 'write-off')),
	CONSTRAINT "cod_receivable_settlements_positive" CHECK ("cod_receivable_settlements"."amount_paise" > 0),
	CONSTRAINT "cod_receivable_settlements_source" CHECK (("cod_receivable_settlements"."kind" = 'remittance') = ("cod_receivable_settlements"."reference" IS NOT NULL) AND ("cod_receivable_settlements"."kind" = 'write-off') = ("cod_receivable_settlements"."reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_deductions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_remittance_deductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remittance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "cod_remittance_deductions_kind_known" CHECK (kind IN ('cod-charge', 'freight', 'short-payment')),
	CONSTRAINT "cod_remittance_deductions_positive" CHECK ("cod_remittance_deductions"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_parcels" (
	"remittance_id" integer NOT NULL,
	"cod_collection_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	CONSTRAINT "cod_remittance_parcels_remittance_id_cod_collection_id_pk" PRIMARY KEY("remittance_id","cod_collection_id")
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_remittances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"reference" text NOT NULL,
	"remitted_on" date NOT NULL,
	"owed_paise" bigint NOT NULL,
	"remitted_paise" bigint NOT NULL,
	"accepted_paise" bigint NOT NULL,
	"receivable_paise" bigint NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_amounts" CHECK ("cod_remittances"."remitted_paise" >= 0 AND "cod_remittances"."accepted_paise" >= 0 AND "cod_remittances"."receivable_paise" >= 0 AND "cod_remittances"."owed_paise" = "cod_remittances"."remitted_paise" + "cod_remittances"."accepted_paise" + "cod_remittances"."receivable_paise")
);
--> statement-breakpoint
ALTER TABLE "cod_receivable_settlements" ADD CONSTRAINT "cod_receivable_settlements_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_receivable_settlements" ADD CONSTRAINT "cod_receivable_settlements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_deductions" ADD CONSTRAINT "cod_remittance_deductions_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_parcels" ADD CONSTRAINT "cod_remittance_parcels_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_parcels" ADD CONSTRAINT "cod_remittance_parcels_cod_collection_id_cod_collections_id_fk" FOREIGN KEY ("cod_collection_id") REFERENCES "public"."cod_collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_receivable_settlements_remittance_idx" ON "cod_receivable_settlements" USING btree ("remittance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_receivable_settlements_reference_key" ON "cod_receivable_settlements" USING btree ("reference") WHERE "cod_receivable_settlements"."reference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cod_remittance_deductions_remittance_idx" ON "cod_remittance_deductions" USING btree ("remittance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_parcels_collection_key" ON "cod_remittance_parcels" USING btree ("cod_collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_reference_key" ON "cod_remittances" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "cod_remittances_open_idx" ON "cod_remittances" USING btree ("carrier") WHERE "cod_remittances"."receivable_paise" > 0;