-- Every write to content or settings, from any instance, import or SQL session, tells every
-- instance to drop its cached settings and pages (LISTEN content_changed).
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'site_settings', 'gtm_settings', 'sitemap_settings', 'robots_settings', 'cors_domains', 'csp_config',
    'blog_authors', 'blog_categories', 'blog_articles', 'blog_article_categories',
    'projects', 'project_images', 'project_categories', 'project_category_relations',
    'expertise_blocks', 'cms_pages'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_notify_changed', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()',
      t || '_notify_changed', t);
  END LOOP;
END $$;
