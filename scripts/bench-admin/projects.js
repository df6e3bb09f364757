// bench:admin case: the projects (issue 8, "Speed"): 2,500 projects over 8 categories and 20,000
// gallery images; the list (first page, a search, a category, the last page) and the edit screen
// with its gallery. The categories scale with the projects (1/100: one category), so a category
// fills its page in both runs and the growth ratio compares the same rows shown; 2,500 so that the
// list at 1/100 is one full page (25), as every page of the large run.
import { count, lastPage, lastPageText } from "../bench-support.js";

const PROJECTS = 2_500;
const CATEGORIES = 8;
const IMAGES = 20_000;
/** The gallery of the measured project: the largest, as a long site's photo report would be. */
const EDITED_IMAGES = 200;
const REVISIONS = 100;

const EDITED_SLUG = "bench-projet-1";

/**
 * Seeds the projects (one a day, seven years of them, published or draft, a category each by name and by
 * link, as the editor stores them), their gallery images (EDITED_IMAGES on the measured project,
 * the rest spread over the others) and REVISIONS revisions of the measured project.
 */
async function seed(client, { adminEmail }, { projects, categories, images, editedImages, revisions }) {
  await client.query(
    `insert into project_categories (name, slug)
     select 'Projets ' || i, 'bench-projets-' || i from generate_series(1, $1) i`,
    [categories],
  );
  await client.query(
    `insert into projects (title, slug, description, location, category, status, main_image, published_at,
       content, challenges, solutions, results, read_time, created_at, updated_at)
     select topic || ' à ' || town || ' n° ' || i, 'bench-projet-' || i,
       'Une intervention complète, de l''étude à la mise en service, dans un logement occupé.',
       town, 'Projets ' || (1 + i % $2),
       case when i % 4 = 0 then 'draft' else 'published' end,
       '/og-image.png', case when i % 4 <> 0 then at end,
       repeat('<p>Le déroulé du chantier, étape par étape, tel que l''équipe le raconte. </p>', 15),
       '<p>Un site occupé, des délais courts.</p>', '<p>Un phasage pièce par pièce.</p>',
       '<p>Une installation aux normes, un client satisfait.</p>', '5 min', at, at
     from (
       select i, now() - (i * interval '1 day' * $3::float8) as at,
         (array['Borne de recharge', 'Rénovation électrique', 'Tableau électrique', 'Éclairage LED'])[1 + i % 4] as topic,
         (array['Limoges', 'Panazol', 'Isle', 'Couzeix', 'Feytiat', 'Le Palais-sur-Vienne'])[1 + i % 6] as town
       from generate_series(1, $1) i
     ) seed`,
    [projects, categories, PROJECTS / projects],
  );
  await client.query(
    `insert into project_category_relations (project_id, category_id)
     select p.id, c.id from projects p join project_categories c on c.name = p.category`,
  );
  const {
    rows: [edited],
  } = await client.query("select id from projects where slug = $1", [EDITED_SLUG]);
  await client.query(
    `insert into project_images (project_id, image_url, alt_text, display_order, seo_description)
     select $1, '/og-image.png', 'Photo ' || n || ' du chantier', n - 1,
       case when n % 3 = 0 then 'Détail du tableau après la mise aux normes' end
     from generate_series(1, $2) n`,
    [edited.id, editedImages],
  );
  await client.query(
    `insert into project_images (project_id, image_url, alt_text, display_order)
     select p.id, '/og-image.png', 'Photo ' || (g / $3 + 1), g / $3
     from generate_series(0, $2 - 1) g
       join (select id, row_number() over (order by id) - 1 as k from projects where id <> $1) p
         on p.k = g % $3`,
    [edited.id, images - editedImages, projects - 1],
  );
  await client.query(
    `insert into content_revisions (entity_type, entity_id, data, author_email, created_at)
     select 'projects', p.id, to_jsonb(p), $2, now() - (i * interval '1 hour')
     from projects p, generate_series(1, $3) i where p.id = $1`,
    [edited.id, adminEmail, revisions],
  );
  await client.query(
    "analyze projects, project_categories, project_category_relations, project_images, content_revisions",
  );
  return { edited: edited.id };
}

/** The case at `scale` (1 = the figures above): the same seven years, fewer projects and photos. */
export default function projectsCase(scale) {
  const sizes = {
    projects: count(PROJECTS, scale),
    categories: count(CATEGORIES, scale),
    images: count(IMAGES, scale),
    editedImages: count(EDITED_IMAGES, scale),
    revisions: count(REVISIONS, scale),
  };
  const rows = `${sizes.projects.toLocaleString("fr-FR")} projets`;
  const gallery = `${sizes.editedImages} photos, ${sizes.revisions} versions`;
  const last = lastPage(sizes.projects);
  return {
    name: "projects",
    seedLabel: `${rows}, ${sizes.images.toLocaleString("fr-FR")} images de galerie, ${sizes.revisions} versions`,
    seed: (client, options) => seed(client, options, sizes),
    screens: [
      ["Projets : première page", "/admin/projects", "Gestion des Projets", rows],
      // The search reads titles and category names: a category's name shows all 20 projects of the
      // small run (a title word, 5 of them) and a full page of the large one.
      ["Projets : recherche « projets 1 »", "/admin/projects?q=projets+1", "Gestion des Projets", rows],
      ["Projets : catégorie", "/admin/projects?category=bench-projets-1", "Gestion des Projets", rows],
      ["Projets : dernière page", `/admin/projects?page=${last}`, lastPageText(sizes.projects), rows],
      ["Projets : modification et galerie", "/admin/projects/edit/{edited}", "Modifier le Projet", gallery],
      // The same screen's loader alone (what a client-side navigation fetches): data, no rendering.
      ["Projets : données de la modification", "/admin/projects/edit/{edited}.data", EDITED_SLUG, gallery],
    ],
  };
}
