// bench:admin case: the articles (issue 7, "Speed at scale"): 10,000 articles over 20 categories and
// 1,000 revisions; the list (first page, a search, a category, the last page) and the edit screen.
// The categories scale with the articles (1/100: one category), so a category fills its page in
// both runs and the growth ratio compares the same rows shown. Titles cycle over four topics, so the
// search « tableau » also fills its page at 1/100 (25 of 100 articles).
import { count, lastPage, lastPageText } from "../bench-support.js";

const ARTICLES = 10_000;
const CATEGORIES = 20;
const REVISIONS = 1_000;

/** The article with the revisions: its edit screen is measured with its 'Historique' full. */
const EDITED_SLUG = "bench-article-1";

/**
 * Seeds the articles (three years of them, every status, a category each, three authors) and
 * REVISIONS revisions: all on one article, the worst case of its edit screen. Returns the values
 * the screens' paths need.
 */
async function seed(client, { adminEmail }, { articles, categories, revisions }) {
  await client.query(
    `insert into blog_categories (name, slug)
     select 'Catégorie ' || i, 'bench-categorie-' || i from generate_series(1, $1) i`,
    [categories],
  );
  await client.query(
    `insert into blog_authors (name, bio)
     values ('Julien Bertrand', 'Gérant'), ('Camille Bertrand', null), ('Atelier BETIC', null)`,
  );
  await client.query(
    `insert into blog_articles (title, slug, excerpt, content, main_image, author_id, status,
       published_at, scheduled_at, read_time, meta_title, meta_description, created_at, updated_at)
     select topic || ' : conseil n° ' || i, 'bench-article-' || i,
       'Ce qu''il faut savoir avant de faire appel à un électricien, en quelques points.',
       repeat('<p>Un paragraphe de contenu d''article, comme en écrit l''équipe, avec du texte. </p>', 20),
       '/og-image.png',
       (select id from blog_authors order by name offset i % 3 limit 1),
       (array['published', 'published', 'published', 'draft', 'scheduled', 'archived'])[1 + i % 6],
       case when i % 6 < 3 then at end,
       case when i % 6 = 4 then at + interval '30 days' end,
       '5 min', null, null, at, at
     from (
       select i, now() - (i * interval '150 minutes' * $2::float8) as at,
         (array['Tableau électrique', 'Borne de recharge', 'Rénovation', 'Éclairage LED'])[1 + i % 4] as topic
       from generate_series(1, $1) i
     ) seed`,
    [articles, ARTICLES / articles],
  );
  await client.query(
    `insert into blog_article_categories (article_id, category_id)
     select a.id, c.id from blog_articles a
       join blog_categories c on c.slug = 'bench-categorie-' || (1 + (substr(a.slug, 15)::int % $1))`,
    [categories],
  );
  const {
    rows: [edited],
  } = await client.query("select id from blog_articles where slug = $1", [EDITED_SLUG]);
  await client.query(
    `insert into content_revisions (entity_type, entity_id, data, author_email, created_at)
     select 'blog_articles', a.id, to_jsonb(a), $2, now() - (i * interval '1 hour')
     from blog_articles a, generate_series(1, $3) i where a.id = $1`,
    [edited.id, adminEmail, revisions],
  );
  await client.query("analyze blog_articles, blog_article_categories, blog_categories, content_revisions");
  return { edited: edited.id };
}

/** The case at `scale` (1 = the figures above): the same three years, fewer articles. */
export default function articlesCase(scale) {
  const articles = count(ARTICLES, scale);
  const categories = count(CATEGORIES, scale);
  const revisions = count(REVISIONS, scale);
  const rows = `${articles.toLocaleString("fr-FR")} articles`;
  const last = lastPage(articles);
  return {
    name: "articles",
    seedLabel: `${rows}, ${categories} catégorie(s), ${revisions.toLocaleString("fr-FR")} versions`,
    seed: (client, options) => seed(client, options, { articles, categories, revisions }),
    screens: [
      ["Articles : première page", "/admin/blog", "Gestion du Blog", rows],
      ["Articles : recherche « tableau »", "/admin/blog?q=tableau", "Gestion du Blog", rows],
      ["Articles : catégorie", "/admin/blog?category=bench-categorie-1", "Gestion du Blog", rows],
      ["Articles : dernière page", `/admin/blog?page=${last}`, lastPageText(articles), rows],
      [
        "Articles : modification",
        "/admin/blog/edit/{edited}",
        "Modifier l&#x27;Article",
        `${revisions.toLocaleString("fr-FR")} versions`,
      ],
    ],
  };
}
