CREATE TABLE "contact_daily_counts" (
	"day" date NOT NULL,
	"source_page" text NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "contact_daily_counts_day_source_page_pk" PRIMARY KEY("day","source_page")
);
--> statement-breakpoint
-- As count_contacts_by_status (0009): each statement that adds, removes or moves requests adds its
-- difference, in its own transaction; spam is not counted (marking a request as spam removes it,
-- unmarking adds it back). Days are Europe/Paris days, as the statistics' (analytics/visitors.server.ts).
-- Keys are updated in one order, so two transactions changing several sums wait instead of deadlocking.
CREATE OR REPLACE FUNCTION count_contacts_by_day() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM contact_daily_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO contact_daily_counts AS counts (day, source_page, requests)
      SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(source_page, ''), count(*)
      FROM added WHERE status <> 'spam' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, source_page) DO UPDATE SET requests = counts.requests + excluded.requests;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contact_daily_counts AS counts (day, source_page, requests)
      SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(source_page, ''), -count(*)
      FROM removed WHERE status <> 'spam' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, source_page) DO UPDATE SET requests = counts.requests + excluded.requests;
  ELSE
    INSERT INTO contact_daily_counts AS counts (day, source_page, requests)
      SELECT day, source_page, sum(change) FROM (
        SELECT (created_at AT TIME ZONE 'Europe/Paris')::date AS day, coalesce(source_page, '') AS source_page,
          1 AS change
        FROM added WHERE status <> 'spam'
        UNION ALL
        SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(source_page, ''), -1
        FROM removed WHERE status <> 'spam'
      ) changes GROUP BY day, source_page HAVING sum(change) <> 0 ORDER BY day, source_page
      ON CONFLICT (day, source_page) DO UPDATE SET requests = counts.requests + excluded.requests;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_day_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_day();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_day_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_day();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_day_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_day();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_day_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_day();
--> statement-breakpoint
-- The triggers' lock on contacts holds back writers until this migration commits: nothing is missed.
INSERT INTO contact_daily_counts (day, source_page, requests)
  SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(source_page, ''), count(*)
  FROM contacts WHERE status <> 'spam' GROUP BY 1, 2;
