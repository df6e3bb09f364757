import { data, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/project";
import type { SiteLayoutData } from "./layout";
import { ContentNotFound } from "~/components/site/content-not-found";
import { errorGuesses } from "~/components/site/search-results";
import { JsonLd } from "~/components/site/json-ld";
import { NotFound } from "~/components/site/not-found";
import { ProjectView } from "~/components/site/project-view";
import type { PageHandle } from "~/lib/page-handle";
import { projectBodies } from "~/lib/project-content";
import { breadcrumbJsonLd, contentMeta, notFoundMeta, siteSeo, SITE_LAYOUT_ROUTE_ID } from "~/lib/seo";
import {
  getProjectGallery,
  getPublishedProject,
  getRelatedProjects,
} from "~/server/projects/published.server";
import { redirectFromOldSlug } from "~/server/content/slug-redirects.server";
import { guessesForMissingPage } from "~/server/search/site-search.server";
import { redirectBeforeNotFound } from "~/server/seo/redirects.server";
import { getPublicSettings } from "~/server/settings.server";

export const handle: PageHandle = { scripts: ["gallery"] };

/** Thrown with status 404 when the project is missing, to tell it from "projects are off". */
const PROJECT_MISSING = { missing: "project" } as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableProjects) throw data(null, { status: 404 });
  const project = await getPublishedProject(params.slug);
  if (!project) {
    await redirectFromOldSlug("projects", params.slug);
    await redirectBeforeNotFound(request);
    throw data({ ...PROJECT_MISSING, guesses: await guessesForMissingPage(request) }, { status: 404 });
  }
  const [gallery, related] = await Promise.all([getProjectGallery(project), getRelatedProjects(project)]);
  // The long texts reach the page only as rendered bodies.
  const {
    content: _content,
    challenges: _challenges,
    solutions: _solutions,
    results: _results,
    ...rest
  } = project;
  return {
    project: { ...rest, ...projectBodies(project) },
    gallery,
    related,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location, error }) => {
  const site = siteSeo(matches);
  if (error || !loaderData) return notFoundMeta(site, location.pathname, "Projet non trouvé");
  const { project } = loaderData;
  return contentMeta(site, project, {
    path: `/projects/${project.slug}`,
    summary: project.description,
  });
};

export default function ProjectPage({ loaderData: { project, gallery, related } }: Route.ComponentProps) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteLayoutData | undefined;
  const path = `/projects/${project.slug}`;
  return (
    <>
      <ProjectView project={project} gallery={gallery} related={related} />
      {layout?.seo ? (
        <JsonLd
          data={breadcrumbJsonLd(layout.seo.publicUrl, [
            { name: "Nos Projets", path: "/projects" },
            { name: project.title, path },
          ])}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Projects switched off: the site's plain 404. Missing project or failed read: its own page (§2).
  if (isRouteErrorResponse(error) && error.status === 404 && !error.data) return <NotFound />;
  const failed = !(isRouteErrorResponse(error) && error.status === 404);
  return (
    <ContentNotFound
      title="Projet non trouvé"
      message="Le projet que vous recherchez n'existe pas ou a été supprimé."
      alert={failed ? "Impossible de charger le projet" : undefined}
      guesses={errorGuesses(error)}
      actions={[{ to: "/projects", label: "Voir tous nos projets", icon: "folder-kanban", primary: true }]}
    />
  );
}
