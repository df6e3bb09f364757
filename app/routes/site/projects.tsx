import { data } from "react-router";
import type { Route } from "./+types/projects";
import { categoryListMeta, CategoryListPage, categoryParam } from "~/components/site/category-list-page";
import { ProjectCard } from "~/components/site/project-card";
import { listPublishedProjects } from "~/server/projects/published.server";
import { getPublicSettings } from "~/server/settings.server";

const TITLE = "Nos Projets";
const INTRO =
  "Maisons, commerces, bureaux et ateliers : découvrez les installations et rénovations électriques réalisées par notre équipe à Limoges et dans ses environs.";

// Errors (projects switched off: 404) are rendered by the site layout's ErrorBoundary.
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableProjects) throw data(null, { status: 404 });
  const category = categoryParam(request);
  const projects = await listPublishedProjects({ categorySlug: category });
  return { projects, category };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  categoryListMeta(
    "projects",
    { matches, location, category: loaderData?.category },
    { title: TITLE, intro: INTRO },
  );

export default function ProjectList({ loaderData: { projects, category } }: Route.ComponentProps) {
  return (
    <CategoryListPage
      kind="projects"
      eyebrow="Réalisations"
      title={TITLE}
      intro={INTRO}
      filterLabel="Catégories de projets"
      category={category}
      items={projects}
      itemsHeading="Tous les projets"
      emptyText="Aucun projet trouvé pour cette catégorie."
      renderItem={(project, index) => <ProjectCard project={project} priority={index === 0} />}
    />
  );
}
