CREATE INDEX "blog_articles_status_scheduled_at_idx" ON "blog_articles" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "blog_articles_title_trgm_idx" ON "blog_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_status_scheduled_at_idx" ON "projects" USING btree ("status","scheduled_at");