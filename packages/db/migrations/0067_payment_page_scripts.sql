CREATE TABLE "csp_violations" (
	"day" date NOT NULL,
	"document_path" text NOT NULL,
	"directive" text NOT NULL,
	"blocked" text NOT NULL,
	"source_file" text,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "csp_violations_day_document_path_directive_blocked_pk" PRIMARY KEY("day","document_path","directive","blocked")
);
--> statement-breakpoint
CREATE TABLE "payment_page_inventories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_page_inventories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fingerprint" text NOT NULL,
	"scripts" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_staff_id" integer,
	"reviewed_by" text
);
--> statement-breakpoint
ALTER TABLE "payment_page_inventories" ADD CONSTRAINT "payment_page_inventories_reviewed_by_staff_id_staff_id_fk" FOREIGN KEY ("reviewed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_page_inventories_fingerprint" ON "payment_page_inventories" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "payment_page_inventories_checked_idx" ON "payment_page_inventories" USING btree ("checked_at");