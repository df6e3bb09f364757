// bench:admin case: 'Pages introuvables' on 100,000 logged 404 paths (ten times the cap the log
// keeps itself to, seeded past it) and 'Redirections' on 100,000 manual redirects.
import { count } from "../bench-support.js";

const PATHS = 100_000;
const REDIRECTS = 100_000;

async function seed(client, paths, redirects) {
  await client.query(
    `insert into not_found_paths (path, hits, bot_hits, last_seen_at, last_referrer)
       select '/' || (array['wp-content', 'ancien-site', 'tarifs', 'blog/2019', 'produits'])[1 + i % 5]
           || '/page-' || i,
         ((i::bigint * 7919) % 50)::int, ((i::bigint * 104729) % 200)::int,
         now() - (i * interval '1 minute' * $2::float8),
         case when i % 3 = 0 then 'https://www.google.fr/search?q=electricien+limoges+' || i end
       from generate_series(1, $1) i`,
    [paths, PATHS / paths],
  );
  await client.query(
    `insert into redirects (source, target, target_key, hits, last_hit_at)
       select '/ancien/' || i, '/blog/article-' || i, '/blog/article-' || i, ((i::bigint * 7919) % 500)::int,
         case when i % 4 <> 0 then now() - i * interval '1 minute' end
       from generate_series(1, $1) i`,
    [redirects],
  );
  await client.query("analyze not_found_paths");
  await client.query("analyze redirects");
  // Where 'Suivant' would be after half the log (newest first): reached here by OFFSET, once.
  const middle = await client.query(
    `select last_seen_at::text || '_' || id as cursor from not_found_paths
     order by last_seen_at desc, id desc offset $1 limit 1`,
    [Math.floor(paths / 2)],
  );
  return { middle: encodeURIComponent(middle.rows[0].cursor) };
}

/** The redirect searched: one article's old address, with its number scaled with the table. */
const SEARCHED = 4242;

/** The case at `scale` (1 = 100,000 paths and 100,000 redirects). */
export default function redirectsCase(scale) {
  const paths = count(PATHS, scale);
  const redirects = count(REDIRECTS, scale);
  const pathRows = `${paths.toLocaleString("fr-FR")} adresses`;
  const redirectRows = `${redirects.toLocaleString("fr-FR")} redirections`;
  // article-4242 among 100,000, article-42 among 1,000: 11 redirects each time (4242 and 42420–42429).
  const searched = `article-${Math.floor(SEARCHED * scale)}`;
  return {
    name: "redirects",
    seedLabel: `${pathRows} en 404 et ${redirectRows}`,
    seed: (client) => seed(client, paths, redirects),
    screens: [
      ["404 : première page", "/admin/seo/not-found", "Pages introuvables", pathRows],
      ["404 : plus visitées", "/admin/seo/not-found?sort=hits&dir=desc", "Pages introuvables", pathRows],
      ["404 : recherche « tarifs »", "/admin/seo/not-found?q=tarifs", "Pages introuvables", pathRows],
      ["404 : page du milieu", "/admin/seo/not-found?after={middle}", "Pages introuvables", pathRows],
      ["Redirections : première page", "/admin/seo/redirects", "Redirections", redirectRows],
      ["Redirections : recherche", `/admin/seo/redirects?q=${searched}`, "Redirections", redirectRows],
    ],
  };
}
