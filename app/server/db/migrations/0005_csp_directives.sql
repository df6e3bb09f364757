ALTER TABLE "cors_domains" ADD COLUMN "csp_directives" text[] DEFAULT '{connect-src,img-src}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cors_domains" ADD CONSTRAINT "cors_domains_csp_directives_check" CHECK ("csp_directives" <@ ARRAY['script-src', 'connect-src', 'img-src', 'frame-src', 'style-src', 'font-src', 'media-src']::text[]);--> statement-breakpoint
-- The essential domains get only what they serve (the reference seed creates them so on new databases);
-- a domain staff added keeps the directives every domain had before (staff may narrow them).
UPDATE "cors_domains" SET "csp_directives" = CASE
    WHEN NOT "is_essential" THEN '{script-src,img-src,connect-src,frame-src}'::text[]
    WHEN "domain" = 'https://www.googletagmanager.com' THEN '{script-src,img-src,connect-src}'::text[]
    WHEN "domain" = 'https://www.google.com' THEN '{script-src,frame-src}'::text[]
    WHEN "domain" = 'https://www.gstatic.com' THEN '{script-src,img-src}'::text[]
    ELSE '{img-src,connect-src}'::text[]
  END;
