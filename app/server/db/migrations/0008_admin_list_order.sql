DROP INDEX "blog_articles_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_created_at_idx";--> statement-breakpoint
CREATE INDEX "blog_articles_created_at_id_idx" ON "blog_articles" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_created_at_id_idx" ON "projects" USING btree ("created_at" DESC NULLS LAST,"id");