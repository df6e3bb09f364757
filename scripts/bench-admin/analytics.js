// bench:admin case: the analytics page on 1,000,000 page views (13 months), read from the daily sums.
import { sleep } from "../bench-support.js";

const PAGE_VIEWS = 1_000_000;

export default {
  name: "analytics",
  seedLabel: `${PAGE_VIEWS.toLocaleString("fr-FR")} pages vues`,
  /** 40 pages, a few sources, three devices, ~1,500 visitors a day. */
  async seed(client) {
    await client.query(
      `insert into page_views (path, referrer, device_type, visitor_hash, created_at)
       select (array['/', '/contact', '/projects', '/blog', '/about'])[1 + (i % 5)] ||
                case when i % 3 = 0 then '/page-' || (i % 35) else '' end,
         (array[null, null, 'www.google.fr', 'www.bing.com', 'www.facebook.com', 'www.pagesjaunes.fr'])[1 + i % 6],
         (array['mobile', 'mobile', 'desktop', 'tablet'])[1 + i % 4],
         substr(md5((i % 1500)::text || ':' || (at::date)::text), 1, 22),
         at
       from (select i, now() - (i * interval '1 second' * 34) as at from generate_series(1, $1) i) seed`,
      [PAGE_VIEWS],
    );
    await client.query("analyze page_views");
  },
  /** The scheduler's catch-up job sums the finished days at start-up, as after any downtime. */
  restartAfterSeed: true,
  readyLabel: "sommes quotidiennes (rollup au démarrage)",
  async ready(client) {
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        "select max(day) >= (now() at time zone 'Europe/Paris')::date - 1 as done from analytics_daily where dimension = 'total'",
      );
      if (rows[0]?.done) return;
      await sleep(1000);
    }
    throw new Error("the daily sums were not made within 10 minutes");
  },
  screens: [
    ["Statistiques : 30 jours", "/admin/analytics", "Visites par jour"],
    ["Statistiques : 12 mois", "/admin/analytics?range=12m", "Visites par mois"],
  ],
};
