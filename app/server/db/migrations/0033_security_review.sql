ALTER TABLE "site_settings" ADD COLUMN "sign_in_audit_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factors" ADD COLUMN "last_used_step" bigint;--> statement-breakpoint
-- Not validated: every row holds the column's default, 90, which passes (no table scan).
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_sign_in_audit_retention_days_check" CHECK ("sign_in_audit_retention_days" BETWEEN 1 AND 365) NOT VALID;