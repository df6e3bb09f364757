ALTER TABLE "contact_status_counts" DROP CONSTRAINT "contact_status_counts_status_check";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_status_check";--> statement-breakpoint
ALTER TABLE "contact_status_counts" ADD CONSTRAINT "contact_status_counts_status_check" CHECK ("status" IN ('new', 'in_progress', 'completed', 'archived', 'spam'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_check" CHECK ("status" IN ('new', 'in_progress', 'completed', 'archived', 'spam'));