DROP INDEX "not_found_paths_list_idx";--> statement-breakpoint
DROP INDEX "redirects_hits_idx";--> statement-breakpoint
CREATE INDEX "not_found_paths_last_seen_idx" ON "not_found_paths" USING btree ("last_seen_at","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_hits_idx" ON "not_found_paths" USING btree ("hits","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_bot_hits_idx" ON "not_found_paths" USING btree ("bot_hits","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_path_id_idx" ON "not_found_paths" USING btree ("path","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_referrer_trgm_idx" ON "not_found_paths" USING gin ("last_referrer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "redirects_source_fr_idx" ON "redirects" USING btree (("source" collate "fr-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "redirects_last_hit_idx" ON "redirects" USING btree ("last_hit_at","id");--> statement-breakpoint
CREATE INDEX "redirects_last_hit_desc_idx" ON "redirects" USING btree ("last_hit_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "redirects_hits_idx" ON "redirects" USING btree ("hits","id");