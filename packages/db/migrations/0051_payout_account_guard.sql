CREATE TABLE "seller_bank_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_bank_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"proposed_by_user_id" integer NOT NULL,
	"proposed_by_staff_id" integer,
	"reason" text,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"previous_last4" text,
	"validation_provider" text,
	"validation_id" text,
	"validation_state" text,
	"verified_name" text,
	"name_matches" boolean,
	"validation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_bank_changes_source_known" CHECK (source IN ('seller', 'staff')),
	CONSTRAINT "seller_bank_changes_status_known" CHECK (status IN ('awaiting_code', 'awaiting_approval', 'applied', 'rejected')),
	CONSTRAINT "seller_bank_changes_validation_known" CHECK ("seller_bank_changes"."validation_state" IS NULL OR validation_state IN ('pending', 'active', 'invalid', 'failed')),
	CONSTRAINT "seller_bank_changes_number_digits" CHECK ("seller_bank_changes"."account_number" ~ '^[0-9]{9,18}$'),
	CONSTRAINT "seller_bank_changes_ifsc_shape" CHECK ("seller_bank_changes"."ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
	CONSTRAINT "seller_bank_changes_staff_proposer" CHECK ("seller_bank_changes"."source" <> 'staff' OR "seller_bank_changes"."proposed_by_staff_id" IS NOT NULL),
	CONSTRAINT "seller_bank_changes_two_people" CHECK ("seller_bank_changes"."decided_by_staff_id" IS NULL OR "seller_bank_changes"."decided_by_staff_id" IS DISTINCT FROM "seller_bank_changes"."proposed_by_staff_id")
);
--> statement-breakpoint
CREATE TABLE "seller_bank_status" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"change_id" integer NOT NULL,
	"verification" text NOT NULL,
	"verified_name" text,
	"name_matches" boolean,
	"held_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_bank_status_verification_known" CHECK (verification IN ('pending', 'verified', 'invalid'))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_known";--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_bank_changes" ADD CONSTRAINT "seller_bank_changes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_bank_changes" ADD CONSTRAINT "seller_bank_changes_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_bank_changes" ADD CONSTRAINT "seller_bank_changes_proposed_by_staff_id_staff_id_fk" FOREIGN KEY ("proposed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_bank_changes" ADD CONSTRAINT "seller_bank_changes_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_bank_status" ADD CONSTRAINT "seller_bank_status_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_bank_status" ADD CONSTRAINT "seller_bank_status_change_id_seller_bank_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."seller_bank_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_bank_changes_seller_idx" ON "seller_bank_changes" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "seller_bank_changes_validation_idx" ON "seller_bank_changes" USING btree ("validation_state");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_bank_status_change_key" ON "seller_bank_status" USING btree ("change_id");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_known" CHECK (purpose IN ('registration_email', 'registration_mobile', 'login', 'password_reset', 'order_cancel', 'switch_account', 'link_account', 'seller_bank_change'));--> statement-breakpoint
-- ADR-0049: sellers the demo seed made before this column existed: their logins are at example.com
-- (RFC 2606, reserved for examples), an address no real seller can hold
UPDATE "sellers" SET "is_demo" = true FROM "users" WHERE "users"."id" = "sellers"."user_id" AND "users"."email" ~* '@([a-z0-9-]+\.)*example\.com$';
