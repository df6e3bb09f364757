CREATE TABLE "contact_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "contact_status_counts_status_check" CHECK ("status" IN ('new', 'in_progress', 'completed', 'archived'))
);
--> statement-breakpoint
CREATE INDEX "contacts_created_at_source_page_idx" ON "contacts" USING btree ("created_at","source_page");--> statement-breakpoint
-- Each statement that adds, removes or moves requests adds its difference per status, in its own
-- transaction (so a count is never ahead of or behind the rows it counts). Statuses are updated in
-- one order, so two transactions changing several counts wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION count_contacts_by_status() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM contact_status_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO contact_status_counts AS counts (status, requests)
      SELECT status, count(*) FROM added GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET requests = counts.requests + excluded.requests;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contact_status_counts AS counts (status, requests)
      SELECT status, -count(*) FROM removed GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET requests = counts.requests + excluded.requests;
  ELSE
    INSERT INTO contact_status_counts AS counts (status, requests)
      SELECT status, sum(change) FROM (
        SELECT status, 1 AS change FROM added
        UNION ALL
        SELECT status, -1 FROM removed
      ) changes GROUP BY status HAVING sum(change) <> 0 ORDER BY status
      ON CONFLICT (status) DO UPDATE SET requests = counts.requests + excluded.requests;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contacts_counted_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_status();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_status();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_status();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_status();
--> statement-breakpoint
-- The triggers' lock on contacts holds back writers until this migration commits: nothing is missed.
INSERT INTO contact_status_counts (status, requests) SELECT status, count(*) FROM contacts GROUP BY status;
