CREATE TABLE "message_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sms_updates" boolean DEFAULT true NOT NULL,
	"email_updates" boolean DEFAULT true NOT NULL,
	"whatsapp_updates" boolean DEFAULT false NOT NULL,
	"sms_offers" boolean DEFAULT false NOT NULL,
	"email_offers" boolean DEFAULT false NOT NULL,
	"whatsapp_offers" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_known";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_known" CHECK (channel IN ('email', 'sms', 'whatsapp'));