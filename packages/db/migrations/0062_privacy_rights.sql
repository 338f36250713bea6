CREATE TABLE "privacy_breach_subjects" (
	"breach_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "privacy_breach_subjects_breach_id_user_id_pk" PRIMARY KEY("breach_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"summary" text NOT NULL,
	"discovered_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_staff_id" integer NOT NULL,
	"categories" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"measures" text NOT NULL,
	"safety_steps" text NOT NULL,
	"affected_count" integer NOT NULL,
	CONSTRAINT "privacy_breaches_affected_not_negative" CHECK ("privacy_breaches"."affected_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"is_granted" boolean NOT NULL,
	"notice_version" text NOT NULL,
	"language" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_consents_purpose_known" CHECK (purpose IN ('marketing', 'personalisation')),
	CONSTRAINT "privacy_consents_language_known" CHECK (language IN ('en', 'hi', 'ta', 'te'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_breach_subjects" ADD CONSTRAINT "privacy_breach_subjects_breach_id_privacy_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."privacy_breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_subjects" ADD CONSTRAINT "privacy_breach_subjects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD CONSTRAINT "privacy_breaches_recorded_by_staff_id_staff_id_fk" FOREIGN KEY ("recorded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_breach_subjects_user_idx" ON "privacy_breach_subjects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "privacy_consents_user_purpose_idx" ON "privacy_consents" USING btree ("user_id","purpose","recorded_at");