CREATE TABLE "grievance_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grievance_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grievance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"author" text NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievance_messages_kind_known" CHECK (kind IN ('reply', 'acknowledgement', 'resolution')),
	CONSTRAINT "grievance_messages_author_known" CHECK ("grievance_messages"."author" IN ('shopper', 'staff')),
	CONSTRAINT "grievance_messages_shopper_replies" CHECK ("grievance_messages"."author" = 'staff' OR ("grievance_messages"."kind" = 'reply' AND "grievance_messages"."staff_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "grievance_officer" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"hours" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievance_officer_one_row" CHECK ("grievance_officer"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grievances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievances_status_known" CHECK (status IN ('open', 'acknowledged', 'resolved')),
	CONSTRAINT "grievances_category_known" CHECK (category IN ('delivery', 'damaged', 'wrong-item', 'refund', 'return', 'seller', 'account', 'other')),
	CONSTRAINT "grievances_resolved_has_resolution" CHECK (("grievances"."status" = 'resolved') = ("grievances"."resolved_at" IS NOT NULL AND "grievances"."resolution" IS NOT NULL)),
	CONSTRAINT "grievances_acknowledged_at" CHECK ("grievances"."status" = 'open' OR "grievances"."acknowledged_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_messages_grievance_idx" ON "grievance_messages" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_ticket_no_key" ON "grievances" USING btree ("ticket_no");--> statement-breakpoint
CREATE INDEX "grievances_user_filed_idx" ON "grievances" USING btree ("user_id","filed_at");--> statement-breakpoint
CREATE INDEX "grievances_status_filed_idx" ON "grievances" USING btree ("status","filed_at");