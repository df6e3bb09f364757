-- The months of the days already summed (later days are added to their month by the rollup).
INSERT INTO "analytics_monthly" ("month", "dimension", "value", "views", "visitors")
SELECT date_trunc('month', "day")::date, "dimension", "value", sum("views")::int, sum("visitors")::int
FROM "analytics_daily"
GROUP BY 1, 2, 3;
