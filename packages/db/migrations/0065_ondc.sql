CREATE TABLE "ondc_buyer_apps" (
	"bap_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ondc_buyer_apps_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "ondc_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ondc_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"url" text NOT NULL,
	"bap_id" text NOT NULL,
	"message_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "ondc_callbacks_status_known" CHECK (status IN ('pending', 'sent', 'failed')),
	CONSTRAINT "ondc_callbacks_attempts_not_negative" CHECK ("ondc_callbacks"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ondc_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ondc_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bap_id" text NOT NULL,
	"bap_uri" text NOT NULL,
	"ondc_order_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"city" text NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ondc_orders_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "ondc_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ondc_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender_id" text NOT NULL,
	"action" text NOT NULL,
	"message_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ondc_buyer_apps" ADD CONSTRAINT "ondc_buyer_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ondc_orders" ADD CONSTRAINT "ondc_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ondc_callbacks_message_key" ON "ondc_callbacks" USING btree ("bap_id","message_id","action");--> statement-breakpoint
CREATE INDEX "ondc_callbacks_pending_due_idx" ON "ondc_callbacks" USING btree ("next_attempt_at") WHERE "ondc_callbacks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ondc_callbacks_status_idx" ON "ondc_callbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ondc_orders_network_key" ON "ondc_orders" USING btree ("bap_id","ondc_order_id");--> statement-breakpoint
CREATE INDEX "ondc_orders_created_idx" ON "ondc_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ondc_requests_message_key" ON "ondc_requests" USING btree ("sender_id","message_id","action");--> statement-breakpoint
CREATE INDEX "ondc_requests_received_idx" ON "ondc_requests" USING btree ("received_at");