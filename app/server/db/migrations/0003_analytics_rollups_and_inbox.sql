CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value"),
	CONSTRAINT "analytics_daily_dimension_check" CHECK ("dimension" IN ('total', 'path', 'referrer', 'device'))
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_created_at_idx";--> statement-breakpoint
DROP INDEX "contacts_status_idx";--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension_day_idx" ON "analytics_daily" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "contacts_status_changed_at_idx" ON "contacts" USING btree ("status_changed_at");--> statement-breakpoint
CREATE INDEX "contacts_created_at_idx" ON "contacts" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_status_idx" ON "contacts" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_contact_retention_months_check" CHECK ("contact_retention_months" BETWEEN 1 AND 120);