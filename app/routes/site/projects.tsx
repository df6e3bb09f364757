import { data } from "react-router";
import type { Route } from "./+types/projects";
import {
  categoryListMeta,
  CategoryListPage,
  listParams,
  pageCountOrNotFound,
} from "~/components/site/category-list-page";
import { ProjectCard } from "~/components/site/project-card";
import { countPublishedProjects, listPublishedProjects } from "~/server/projects/published.server";
import { getPublicSettings } from "~/server/settings.server";

const TITLE = "Nos Projets";
const INTRO =
  "Maisons, commerces, bureaux et ateliers : découvrez les installations et rénovations électriques réalisées par notre équipe à Limoges et dans ses environs.";

// Errors (projects switched off, a page past the last: 404) are rendered by the site layout's ErrorBoundary.
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableProjects) throw data(null, { status: 404 });
  const { category, page, limit, offset } = listParams(request);
  const [projects, total] = await Promise.all([
    listPublishedProjects({ categorySlug: category, limit, offset }),
    countPublishedProjects({ categorySlug: category }),
  ]);
  return { projects, category, page, pageCount: pageCountOrNotFound(total, page) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  categoryListMeta(
    "projects",
    { matches, category: loaderData?.category, page: loaderData?.page },
    { title: TITLE, intro: INTRO },
  );

export default function ProjectList({
  loaderData: { projects, category, page, pageCount },
}: Route.ComponentProps) {
  return (
    <CategoryListPage
      kind="projects"
      eyebrow="Réalisations"
      title={TITLE}
      intro={INTRO}
      filterLabel="Catégories de projets"
      category={category}
      items={projects}
      page={page}
      pageCount={pageCount}
      itemsHeading="Tous les projets"
      emptyText="Aucun projet trouvé pour cette catégorie."
      renderItem={(project, index) => <ProjectCard project={project} priority={index === 0} />}
    />
  );
}
