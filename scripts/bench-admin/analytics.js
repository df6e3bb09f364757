// bench:admin case: the analytics page on 1,000,000 page views (13 months), read from the daily sums.
import { count, sleep } from "../bench-support.js";

const PAGE_VIEWS = 1_000_000;

/** 40 pages, a few sources, three devices, ~1,500 visitors a day, over the same 13 months at any scale. */
async function seed(client, pageViews) {
  await client.query(
    `insert into page_views (path, referrer, device_type, visitor_hash, created_at)
     select (array['/', '/contact', '/projects', '/blog', '/about'])[1 + (i % 5)] ||
              case when i % 3 = 0 then '/page-' || (i % 35) else '' end,
       (array[null, null, 'www.google.fr', 'www.bing.com', 'www.facebook.com', 'www.pagesjaunes.fr'])[1 + i % 6],
       (array['mobile', 'mobile', 'desktop', 'tablet'])[1 + i % 4],
       substr(md5((i % 1500)::text || ':' || (at::date)::text), 1, 22),
       at
     from (select i, now() - (i * interval '1 second' * 34 * $2::float8) as at from generate_series(1, $1) i) seed`,
    [pageViews, PAGE_VIEWS / pageViews],
  );
  await client.query("analyze page_views");
}

/** The scheduler's catch-up job sums the finished days at start-up, as after any downtime. */
async function ready(client) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query(
      "select max(day) >= (now() at time zone 'Europe/Paris')::date - 1 as done from analytics_daily where dimension = 'total'",
    );
    if (rows[0]?.done) return;
    await sleep(1000);
  }
  throw new Error("the daily sums were not made within 10 minutes");
}

/** The case at `scale` (1 = 1,000,000 page views). */
export default function analyticsCase(scale) {
  const pageViews = count(PAGE_VIEWS, scale);
  const rows = `${pageViews.toLocaleString("fr-FR")} pages vues`;
  return {
    name: "analytics",
    seedLabel: rows,
    seed: (client) => seed(client, pageViews),
    restartAfterSeed: true,
    readyLabel: "sommes quotidiennes (rollup au démarrage)",
    ready,
    screens: [
      ["Statistiques : 30 jours", "/admin/analytics", "Visites par jour", rows],
      ["Statistiques : 12 mois", "/admin/analytics?range=12m", "Visites par mois", rows],
    ],
  };
}
