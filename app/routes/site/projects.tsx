import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/projects";
import type { SiteLayoutData } from "./layout";
import { CategoryFilter } from "~/components/site/category-filter";
import { PageHero } from "~/components/site/page-hero";
import { ProjectCard } from "~/components/site/project-card";
import { pageTitle, seoMeta, siteSeo, SITE_LAYOUT_ROUTE_ID } from "~/lib/seo";
import { listPublishedProjects } from "~/server/content/projects.server";
import { getPublicSettings } from "~/server/settings.server";

const INTRO =
  "Maisons, commerces, bureaux et ateliers : découvrez les installations et rénovations électriques réalisées par notre équipe à Limoges et dans ses environs.";

// Errors (projects switched off: 404) are rendered by the site layout's ErrorBoundary.
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableProjects) throw data(null, { status: 404 });
  const category = new URL(request.url).searchParams.get("category") || null;
  const projects = await listPublishedProjects({ categorySlug: category });
  return { projects, category };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteSeo(matches);
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData as
    SiteLayoutData | undefined;
  const categoryName = layout?.categories.projects.find((c) => c.slug === loaderData?.category)?.name;
  return seoMeta(site, {
    title: pageTitle(categoryName ? `Nos Projets : ${categoryName}` : "Nos Projets", site),
    description: INTRO,
    path: location.pathname + location.search,
  });
};

export default function ProjectList({ loaderData: { projects, category } }: Route.ComponentProps) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteLayoutData | undefined;
  return (
    <>
      <PageHero eyebrow="Réalisations" title="Nos Projets" intro={INTRO}>
        <CategoryFilter
          basePath="/projects"
          categories={layout?.categories.projects ?? []}
          active={category}
          label="Catégories de projets"
        />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        {projects.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/15 px-6 py-16 text-center text-lg text-slate-300">
            Aucun projet trouvé pour cette catégorie.
          </p>
        ) : (
          <>
            <h2 className="sr-only">Tous les projets</h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {projects.map((project, index) => (
                <li key={project.id}>
                  <ProjectCard project={project} priority={index === 0} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
