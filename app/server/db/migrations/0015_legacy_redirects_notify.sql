-- An old address that starts (or stops) redirecting changes what a cached 404 or page should be:
-- like the content tables (0001), writes to legacy_redirects empty every instance's page cache.
DROP TRIGGER IF EXISTS legacy_redirects_notify_changed ON legacy_redirects;
--> statement-breakpoint
CREATE TRIGGER legacy_redirects_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON legacy_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
