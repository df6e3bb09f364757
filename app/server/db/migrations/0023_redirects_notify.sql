-- Redirects change what a cached page or 404 should be: their writes empty every instance's page
-- cache like content (0001, 0015). Counting a hit (hits, last_hit_at) must not, so UPDATE
-- notifies only when the columns a visitor's answer depends on are written.
DROP TRIGGER IF EXISTS legacy_redirects_notify_changed ON legacy_redirects;
--> statement-breakpoint
CREATE TRIGGER legacy_redirects_notify_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF source, entity_type, entity_id ON legacy_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS slug_redirects_notify_changed ON slug_redirects;
--> statement-breakpoint
CREATE TRIGGER slug_redirects_notify_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF entity_type, old_slug, entity_id ON slug_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS redirects_notify_changed ON redirects;
--> statement-breakpoint
CREATE TRIGGER redirects_notify_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF source, target ON redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
