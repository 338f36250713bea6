ALTER TABLE "users" ADD COLUMN "temporary_password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
-- requirements#staff-credentials: a temporary password given before this migration works for one more day
UPDATE "users" SET "temporary_password_expires_at" = now() + interval '24 hours' WHERE "password_is_temporary";--> statement-breakpoint
-- requirements#staff-security-events: the address and browser join the hashed text of the rows that have
-- them; rows written before (and command-line rows, which have neither) keep the text they were chained with
CREATE OR REPLACE FUNCTION audit_log_canonical(a audit_log, place bigint) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT CASE WHEN a.ip_address IS NULL AND a.user_agent IS NULL
  THEN jsonb_build_array(place, a.id, (extract(epoch FROM a.at) * 1000000)::bigint, a.actor_staff_id, a.actor, a.action, a.target_type, a.target_id, a.before, a.after)::text
  ELSE jsonb_build_array(place, a.id, (extract(epoch FROM a.at) * 1000000)::bigint, a.actor_staff_id, a.actor, a.action, a.target_type, a.target_id, a.before, a.after, a.ip_address, a.user_agent)::text END $$;
