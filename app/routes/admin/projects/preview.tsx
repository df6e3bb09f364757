import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/preview";
import { PreviewError } from "~/components/admin/admin-error";
import { PreviewChecklist } from "~/components/admin/content-editor/publish-checklist";
import { PreviewFrame, PreviewNotice, usePreviewData } from "~/components/admin/preview-frame";
import { GooglePreview, SocialPreview } from "~/components/admin/seo-previews";
import { StatusBadge } from "~/components/admin/status-badge";
import { ProjectView } from "~/components/site/project-view";
import { isPublishing, projectChecklist } from "~/lib/admin/publish-checklist";
import { projectBodies } from "~/lib/project-content";
import type { ContentStatus } from "~/lib/enums";
import { fromParisInput } from "~/lib/paris-time";
import { projectFormMeta, type ProjectFormInput } from "~/lib/schemas/project";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { getRelatedProjects } from "~/server/projects/published.server";
import { listGallery } from "~/server/projects/gallery.server";
import { getProject, projectFormInput } from "~/server/projects/projects.server";
import { buildSiteSeo } from "~/server/seo/site-seo.server";
import { getPublicSettings } from "~/server/settings.server";
import { adminLinks } from "~/components/admin/stylesheet";

/**
 * /admin/projects/preview/{id} (back-office.md §2.12): the project as the public page shows it,
 * from the stored project, then live from the form that opened it (new tab) or frames it (the
 * editor's 'Aperçu' dialog, `?embed=1`), with its status and, under it, its Google result and
 * its Facebook and Twitter cards. `new` previews a form not saved yet.
 */
export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Aperçu du projet | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const site = buildSiteSeo(await getPublicSettings());
  if (params.id === "new") {
    return data(
      { values: projectFormInput(null), gallery: [], related: [], site },
      { headers: noStoreHeaders },
    );
  }
  const project = await getProject(params.id);
  if (!project) throw data(`Projet #${params.id} non trouvé`, { status: 404, headers: noStoreHeaders });
  const [gallery, related] = await Promise.all([listGallery(project.id), getRelatedProjects(project)]);
  return data(
    {
      site,
      values: projectFormInput(project),
      gallery: gallery.map((image) => ({ url: image.imageUrl, alt: image.altText || project.title })),
      related,
    },
    { headers: noStoreHeaders },
  );
}

/** The form's values as the public project page takes them; texts through the public allowlist. */
function projectView(values: ProjectFormInput) {
  const orNull = (text: string) => text.trim() || null;
  return {
    title: values.title || "Titre du projet",
    category: orNull(values.category),
    location: orNull(values.location),
    mainImage: orNull(values.image),
    date: (values.status === "scheduled" ? fromParisInput(values.scheduledDate) : null) ?? new Date(),
    ...projectBodies({
      description: orNull(values.description),
      content: orNull(values.content),
      challenges: orNull(values.challenges),
      solutions: orNull(values.solutions),
      results: orNull(values.results),
    }),
  };
}

export default function ProjectPreview({ loaderData, params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { data: values, live } = usePreviewData(loaderData.values);
  // The public page's gallery: the main image first, then the stored gallery.
  const gallery = [
    ...(values.image ? [{ url: values.image, alt: values.title }] : []),
    ...loaderData.gallery,
  ];

  if (searchParams.has("embed")) {
    return (
      <main data-live={live || undefined}>
        <ProjectView project={projectView(values)} gallery={gallery} related={loaderData.related} />
      </main>
    );
  }
  const meta = projectFormMeta(values, loaderData.site);
  return (
    <main className="flex flex-col gap-3 p-3 md:p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">Aperçu du projet</h1>
        <StatusBadge status={values.status as ContentStatus} />
      </header>
      {values.status !== "published" ? (
        <PreviewNotice title="Aperçu limité">
          Ce projet n'est pas publié : seul le back-office peut voir cette page.
        </PreviewNotice>
      ) : null}
      <PreviewChecklist
        input={isPublishing(values.status) ? projectChecklist(values) : null}
        siteUrl={loaderData.site.publicUrl}
      />
      <PreviewFrame
        title="Aperçu du projet"
        src={`/admin/projects/preview/${params.id}?embed=1`}
        data={values}
        className="h-[calc(100svh-5rem)] min-h-[28rem]"
      />
      <section
        aria-labelledby="preview-seo-title"
        className="mx-auto flex w-full max-w-6xl flex-col gap-4 rounded-lg border bg-card p-4 md:p-6"
      >
        <h2 id="preview-seo-title" className="text-lg font-semibold">
          Référencement et partage
        </h2>
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          <GooglePreview site={loaderData.site} meta={meta} />
          <SocialPreview network="facebook" site={loaderData.site} meta={meta} />
          <SocialPreview network="twitter" site={loaderData.site} meta={meta} />
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PreviewError
      error={error}
      fallback="Une erreur est survenue"
      listTo="/admin/projects"
      listLabel="Retour à la liste des projets"
    />
  );
}
