CREATE INDEX "not_found_paths_path_trgm_idx" ON "not_found_paths" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "redirects_hits_idx" ON "redirects" USING btree ("hits" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "redirects_source_trgm_idx" ON "redirects" USING gin ("source" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "redirects_target_trgm_idx" ON "redirects" USING gin ("target" gin_trgm_ops);