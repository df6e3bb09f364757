CREATE TABLE "content_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_key" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_entity_type_check" CHECK ("entity_type" IN ('blog_articles', 'projects', 'cms_pages'))
);
--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_owner_item_unique" ON "content_drafts" USING btree ("user_id","entity_type","entity_key");--> statement-breakpoint
CREATE INDEX "content_drafts_updated_at_idx" ON "content_drafts" USING btree ("updated_at");