DROP INDEX "not_found_paths_list_idx";--> statement-breakpoint
CREATE INDEX "not_found_paths_last_seen_idx" ON "not_found_paths" USING btree ("last_seen_at","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_hits_idx" ON "not_found_paths" USING btree ("hits","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_bot_hits_idx" ON "not_found_paths" USING btree ("bot_hits","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_path_id_idx" ON "not_found_paths" USING btree ("path","id") WHERE not "not_found_paths"."ignored";--> statement-breakpoint
CREATE INDEX "not_found_paths_referrer_trgm_idx" ON "not_found_paths" USING gin ("last_referrer" gin_trgm_ops);