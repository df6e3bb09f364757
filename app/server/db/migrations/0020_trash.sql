CREATE TABLE "trash_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"data" jsonb NOT NULL,
	"deleted_by" uuid,
	"deleted_by_email" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trash_items_entity_type_check" CHECK ("entity_type" IN ('blog_articles', 'projects', 'cms_pages', 'expertise_blocks', 'blog_authors', 'contacts'))
);
--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trash_items_entity_unique" ON "trash_items" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "trash_items_deleted_at_idx" ON "trash_items" USING btree ("deleted_at" DESC NULLS LAST,"id");