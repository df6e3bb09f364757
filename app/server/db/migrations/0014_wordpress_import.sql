CREATE TABLE "legacy_redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_redirects_entity_type_check" CHECK ("entity_type" IN ('blog_articles', 'cms_pages', 'blog_categories'))
);
--> statement-breakpoint
CREATE TABLE "wordpress_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wordpress_imports_status_check" CHECK ("status" IN ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "wordpress_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wordpress_items_entity_type_check" CHECK ("entity_type" IN ('blog_articles', 'cms_pages', 'media_assets', 'blog_categories', 'blog_authors'))
);
--> statement-breakpoint
ALTER TABLE "wordpress_imports" ADD CONSTRAINT "wordpress_imports_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_redirects_source_unique" ON "legacy_redirects" USING btree ("source");--> statement-breakpoint
CREATE INDEX "legacy_redirects_entity_idx" ON "legacy_redirects" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "wordpress_imports_started_at_idx" ON "wordpress_imports" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wordpress_items_key_unique" ON "wordpress_items" USING btree ("key");