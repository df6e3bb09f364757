// bench:admin case: the analytics page on 1,000,000 page views (13 months), read from the daily sums,
// and its 'Demandes de devis' on 100,000 requests (the contacts case's, seeded here unless that case
// already did: a run's cases share one database), read from their sums a day and origin.
import { count, sleep } from "../bench-support.js";
import { CONTACTS, seedContacts } from "./contacts.js";

const PAGE_VIEWS = 1_000_000;

/**
 * 40 pages, a few sources, three devices, ~1,500 visitors a day, one view in 20 from a campaign's
 * link, over the same 13 months at any scale; and the requests.
 */
async function seed(client, pageViews, contacts) {
  await client.query(
    `insert into page_views (path, referrer, device_type, utm_source, utm_medium, utm_campaign, visitor_hash, created_at)
     select (array['/', '/contact', '/projects', '/blog', '/about'])[1 + (i % 5)] ||
              case when i % 3 = 0 then '/page-' || (i % 35) else '' end,
       (array[null, null, 'www.google.fr', 'www.bing.com', 'www.facebook.com', 'www.pagesjaunes.fr'])[1 + i % 6],
       (array['mobile', 'mobile', 'desktop', 'tablet'])[1 + i % 4],
       case when i % 20 = 0 then (array['flyer', 'google', 'facebook'])[1 + (i / 20) % 3] end,
       case when i % 20 = 0 then (array['print', 'cpc', 'social'])[1 + (i / 20) % 3] end,
       case when i % 20 = 0 then (array['flyer-printemps', 'bornes-automne', 'facebook-novembre', 'salon-habitat'])[1 + (i / 20) % 4] end,
       substr(md5((i % 1500)::text || ':' || (at::date)::text), 1, 22),
       at
     from (select i, now() - (i * interval '1 second' * 34 * $2::float8) as at from generate_series(1, $1) i) seed`,
    [pageViews, PAGE_VIEWS / pageViews],
  );
  await client.query("analyze page_views");
  const { rows } = await client.query("select exists (select from contacts) as seeded");
  if (!rows[0].seeded) await seedContacts(client, contacts);
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
  const contacts = count(CONTACTS, scale);
  const rows = `${pageViews.toLocaleString("fr-FR")} pages vues, ${contacts.toLocaleString("fr-FR")} demandes`;
  return {
    name: "analytics",
    seedLabel: rows,
    seed: (client) => seed(client, pageViews, contacts),
    restartAfterSeed: true,
    readyLabel: "sommes quotidiennes (rollup au démarrage)",
    ready,
    screens: [
      ["Statistiques : 30 jours", "/admin/analytics", "Visites par jour", rows],
      ["Statistiques : 12 mois", "/admin/analytics?range=12m", "Visites par mois", rows],
      // 'Demandes de devis' is part of both pages above; its CSV alone:
      ["Demandes de devis : CSV 30 jours", "/admin/analytics/conversions.csv?range=30d", "Campagne;", rows],
      ["Demandes de devis : CSV 12 mois", "/admin/analytics/conversions.csv?range=12m", "Campagne;", rows],
    ],
  };
}
