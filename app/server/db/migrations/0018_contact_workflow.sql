ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_name_check";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_assigned_to_idx" ON "contacts" USING btree ("assigned_to","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_follow_up_on_idx" ON "contacts" USING btree ("follow_up_on") WHERE "contacts"."follow_up_on" is not null;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_name_check" CHECK ("name" IN ('contact_confirmation', 'contact_notification', 'contact_reply', 'password_reset', 'password_changed'));