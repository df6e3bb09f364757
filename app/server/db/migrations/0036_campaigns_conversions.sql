CREATE TABLE "contact_origin_counts" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "contact_origin_counts_day_dimension_value_pk" PRIMARY KEY("day","dimension","value"),
	CONSTRAINT "contact_origin_counts_dimension_check" CHECK ("dimension" IN ('landing', 'source', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "contact_origin_monthly" (
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "contact_origin_monthly_month_dimension_value_pk" PRIMARY KEY("month","dimension","value"),
	CONSTRAINT "contact_origin_monthly_dimension_check" CHECK ("dimension" IN ('landing', 'source', 'campaign')),
	CONSTRAINT "contact_origin_monthly_month_check" CHECK (extract(day from "contact_origin_monthly"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" DROP CONSTRAINT "analytics_daily_dimension_check";--> statement-breakpoint
ALTER TABLE "analytics_monthly" DROP CONSTRAINT "analytics_monthly_dimension_check";--> statement-breakpoint
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_name_check";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "form_page" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_report" boolean;--> statement-breakpoint
-- Not validated: the rows there passed the narrower check, so they pass this one (no table scan).
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_dimension_check" CHECK ("dimension" IN ('total', 'path', 'referrer', 'device', 'source', 'medium', 'campaign')) NOT VALID;--> statement-breakpoint
-- Not validated: the rows there passed the narrower check, so they pass this one (no table scan).
ALTER TABLE "analytics_monthly" ADD CONSTRAINT "analytics_monthly_dimension_check" CHECK ("dimension" IN ('total', 'path', 'referrer', 'device', 'source', 'medium', 'campaign')) NOT VALID;--> statement-breakpoint
-- Not validated: the rows there passed the narrower check, so they pass this one (no table scan).
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_name_check" CHECK ("name" IN ('contact_confirmation', 'contact_notification', 'contact_reply', 'password_reset', 'password_changed', 'health_alert', 'health_recovered', 'weekly_report')) NOT VALID;--> statement-breakpoint
-- As count_contacts_by_day (0027): each statement that adds, removes or moves requests adds its
-- difference to the sums, a day and a month, of the three origins (the visit's first page; its UTM
-- source, else the referring host; its UTM campaign), '' when unknown. Spam is not counted. Keys
-- are updated in one order, so two transactions changing several sums wait instead of deadlocking.
CREATE OR REPLACE FUNCTION count_contacts_by_origin() RETURNS trigger AS $$
BEGIN
  -- A branch each: a statement may only name the transition tables its trigger has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM contact_origin_counts;
    DELETE FROM contact_origin_monthly;
  ELSIF TG_OP = 'INSERT' THEN
    WITH changes AS (
      SELECT (c.created_at AT TIME ZONE 'Europe/Paris')::date AS day, o.dimension, o.value, sum(c.change) AS change
      FROM (SELECT created_at, landing_page, utm_source, referrer_host, utm_campaign, 1 AS change FROM added WHERE status <> 'spam') c
      CROSS JOIN LATERAL (VALUES
        ('landing', coalesce(c.landing_page, '')),
        ('source', coalesce(c.utm_source, c.referrer_host, '')),
        ('campaign', coalesce(c.utm_campaign, ''))
      ) AS o (dimension, value)
      GROUP BY 1, 2, 3 HAVING sum(c.change) <> 0
    ), daily AS (
      INSERT INTO contact_origin_counts AS counts (day, dimension, value, requests)
        SELECT day, dimension, value, change FROM changes ORDER BY 1, 2, 3
        ON CONFLICT (day, dimension, value) DO UPDATE SET requests = counts.requests + excluded.requests
    )
    INSERT INTO contact_origin_monthly AS counts (month, dimension, value, requests)
      SELECT date_trunc('month', day)::date, dimension, value, sum(change) FROM changes
      GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (month, dimension, value) DO UPDATE SET requests = counts.requests + excluded.requests;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (
      SELECT (c.created_at AT TIME ZONE 'Europe/Paris')::date AS day, o.dimension, o.value, sum(c.change) AS change
      FROM (SELECT created_at, landing_page, utm_source, referrer_host, utm_campaign, -1 AS change FROM removed WHERE status <> 'spam') c
      CROSS JOIN LATERAL (VALUES
        ('landing', coalesce(c.landing_page, '')),
        ('source', coalesce(c.utm_source, c.referrer_host, '')),
        ('campaign', coalesce(c.utm_campaign, ''))
      ) AS o (dimension, value)
      GROUP BY 1, 2, 3 HAVING sum(c.change) <> 0
    ), daily AS (
      INSERT INTO contact_origin_counts AS counts (day, dimension, value, requests)
        SELECT day, dimension, value, change FROM changes ORDER BY 1, 2, 3
        ON CONFLICT (day, dimension, value) DO UPDATE SET requests = counts.requests + excluded.requests
    )
    INSERT INTO contact_origin_monthly AS counts (month, dimension, value, requests)
      SELECT date_trunc('month', day)::date, dimension, value, sum(change) FROM changes
      GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (month, dimension, value) DO UPDATE SET requests = counts.requests + excluded.requests;
  ELSE
    WITH changes AS (
      SELECT (c.created_at AT TIME ZONE 'Europe/Paris')::date AS day, o.dimension, o.value, sum(c.change) AS change
      FROM (SELECT created_at, landing_page, utm_source, referrer_host, utm_campaign, 1 AS change FROM added WHERE status <> 'spam' UNION ALL SELECT created_at, landing_page, utm_source, referrer_host, utm_campaign, -1 AS change FROM removed WHERE status <> 'spam') c
      CROSS JOIN LATERAL (VALUES
        ('landing', coalesce(c.landing_page, '')),
        ('source', coalesce(c.utm_source, c.referrer_host, '')),
        ('campaign', coalesce(c.utm_campaign, ''))
      ) AS o (dimension, value)
      GROUP BY 1, 2, 3 HAVING sum(c.change) <> 0
    ), daily AS (
      INSERT INTO contact_origin_counts AS counts (day, dimension, value, requests)
        SELECT day, dimension, value, change FROM changes ORDER BY 1, 2, 3
        ON CONFLICT (day, dimension, value) DO UPDATE SET requests = counts.requests + excluded.requests
    )
    INSERT INTO contact_origin_monthly AS counts (month, dimension, value, requests)
      SELECT date_trunc('month', day)::date, dimension, value, sum(change) FROM changes
      GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (month, dimension, value) DO UPDATE SET requests = counts.requests + excluded.requests;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_origin_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_origin();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_origin_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_origin();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_origin_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_origin();
--> statement-breakpoint
CREATE TRIGGER contacts_counted_by_origin_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION count_contacts_by_origin();
--> statement-breakpoint
-- The requests stored before: no origin known ('' in each dimension). The triggers' lock on
-- contacts holds back writers until this migration commits: nothing is missed.
INSERT INTO contact_origin_counts (day, dimension, value, requests)
  SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, o.dimension, '', count(*)
  FROM contacts CROSS JOIN (VALUES ('landing'), ('source'), ('campaign')) AS o (dimension)
  WHERE status <> 'spam' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO contact_origin_monthly (month, dimension, value, requests)
  SELECT date_trunc('month', day)::date, dimension, value, sum(requests)
  FROM contact_origin_counts GROUP BY 1, 2, 3;
