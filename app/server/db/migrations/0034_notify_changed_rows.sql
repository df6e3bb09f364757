-- A statement trigger fires even when its statement changes no row: every instance's start (the
-- reference data's INSERT … ON CONFLICT DO NOTHING, db/seed/reference.server.ts) told every other
-- instance to drop its page cache, the load bench's slow bursts after each restart (issue 37).
-- Row triggers fire only for rows written; PostgreSQL delivers one notification per channel and
-- payload per transaction, so a statement writing many rows still sends one. TRUNCATE has no rows:
-- it keeps a statement trigger. The redirects keep their column lists (0023).
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
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION notify_content_changed()',
      t || '_notify_changed', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()',
      t || '_notify_truncated', t);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS legacy_redirects_notify_changed ON legacy_redirects;
--> statement-breakpoint
CREATE TRIGGER legacy_redirects_notify_changed
  AFTER INSERT OR DELETE OR UPDATE OF source, entity_type, entity_id ON legacy_redirects
  FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER legacy_redirects_notify_truncated AFTER TRUNCATE ON legacy_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS slug_redirects_notify_changed ON slug_redirects;
--> statement-breakpoint
CREATE TRIGGER slug_redirects_notify_changed
  AFTER INSERT OR DELETE OR UPDATE OF entity_type, old_slug, entity_id ON slug_redirects
  FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER slug_redirects_notify_truncated AFTER TRUNCATE ON slug_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS redirects_notify_changed ON redirects;
--> statement-breakpoint
CREATE TRIGGER redirects_notify_changed
  AFTER INSERT OR DELETE OR UPDATE OF source, target ON redirects
  FOR EACH ROW EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER redirects_notify_truncated AFTER TRUNCATE ON redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
