CREATE TABLE "not_found_paths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"bot_hits" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_referrer" text,
	"ignored" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"target_key" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_redirects" ADD COLUMN "hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_redirects" ADD COLUMN "last_hit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD COLUMN "hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD COLUMN "last_hit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "not_found_paths_path_unique" ON "not_found_paths" USING btree ("path");--> statement-breakpoint
CREATE INDEX "not_found_paths_list_idx" ON "not_found_paths" USING btree ("ignored","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "not_found_paths_eviction_idx" ON "not_found_paths" USING btree (("hits" + "bot_hits"),"last_seen_at");--> statement-breakpoint
CREATE INDEX "not_found_paths_path_trgm_idx" ON "not_found_paths" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_source_unique" ON "redirects" USING btree ("source");--> statement-breakpoint
CREATE INDEX "redirects_target_key_idx" ON "redirects" USING btree ("target_key");--> statement-breakpoint
CREATE INDEX "redirects_hits_idx" ON "redirects" USING btree ("hits" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "redirects_source_trgm_idx" ON "redirects" USING gin ("source" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "redirects_target_trgm_idx" ON "redirects" USING gin ("target" gin_trgm_ops);