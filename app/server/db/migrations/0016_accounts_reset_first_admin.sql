ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_name_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_name_check" CHECK ("name" IN ('contact_confirmation', 'contact_notification', 'password_reset', 'password_changed'));