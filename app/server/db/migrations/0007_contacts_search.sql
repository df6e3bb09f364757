-- pg_trgm ships with PostgreSQL and is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_subject_trgm_idx" ON "contacts" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_message_trgm_idx" ON "contacts" USING gin ("message" gin_trgm_ops);