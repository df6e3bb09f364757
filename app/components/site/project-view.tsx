import { clsx } from "clsx";
import { Link } from "react-router";
import { Gallery } from "~/components/site/gallery";
import { Icon } from "~/components/site/icon";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { RichContent } from "~/components/site/rich-content";
import type { RichBody } from "~/lib/content-html";
import { formatLongDate } from "~/lib/format-date";
import type { GalleryPhoto, ProjectSummary } from "~/server/projects/published.server";

/** What the project page shows: a stored project, or the back office's form values (preview). */
export type ProjectViewData = {
  title: string;
  category: string | null;
  location: string | null;
  mainImage: string | null;
  date: Date | string;
  /** The description (rich content, sanitized), or null. */
  body: RichBody | null;
  /** Challenges, solutions, results: those with content. */
  sections: { title: string; body: RichBody | null }[];
};

/**
 * The project page of the public site (public-site.md §2), from its data alone: the public route
 * renders it from the database, the back office's preview from the form's unsaved values.
 */
export function ProjectView({
  project,
  gallery,
  related,
}: {
  project: ProjectViewData;
  gallery: GalleryPhoto[];
  related: ProjectSummary[];
}) {
  return (
    <>
      <header className="relative isolate overflow-hidden border-b border-white/5">
        {project.mainImage ? (
          <div aria-hidden className="absolute inset-0 -z-10">
            <ResponsiveImage
              src={project.mainImage}
              alt=""
              sizes="100vw"
              width={1920}
              height={800}
              priority
              className="h-full w-full object-cover opacity-50"
            />
            <div className="absolute inset-0 bg-gradient-to-t from-background via-background/75 to-background/30" />
          </div>
        ) : null}
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-8 sm:px-6 lg:px-8 lg:pb-16">
          <nav aria-label="Fil d'Ariane" className="text-sm text-slate-300">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <Link to="/projects" className="hover:text-white hover:underline">
                  Nos Projets
                </Link>
              </li>
              <li aria-hidden>
                <Icon name="chevron-right" className="size-4 text-slate-500" />
              </li>
              <li aria-current="page" className="font-medium text-white">
                {project.title}
              </li>
            </ol>
          </nav>
          <Link
            to="/projects"
            className="mt-6 inline-flex items-center gap-2 rounded-lg border border-white/15 bg-background/40 px-4 py-2 text-sm font-medium text-slate-100 backdrop-blur transition-colors hover:bg-white/10"
          >
            <Icon name="arrow-left" className="size-4" />
            Retour aux projets
          </Link>
          <h1 className="mt-8 max-w-4xl text-3xl font-bold leading-tight tracking-tight text-white sm:text-4xl lg:text-5xl">
            {project.title}
          </h1>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-slate-200">
            {project.category ? (
              <li className="inline-flex items-center gap-2">
                <Icon name="tag" className="size-4 text-red-400" />
                {project.category}
              </li>
            ) : null}
            {project.location ? (
              <li className="inline-flex items-center gap-2">
                <Icon name="map-pin" className="size-4 text-red-400" />
                {project.location}
              </li>
            ) : null}
            <li className="inline-flex items-center gap-2">
              <Icon name="calendar" className="size-4 text-red-400" />
              <time dateTime={new Date(project.date).toISOString()}>{formatLongDate(project.date)}</time>
            </li>
          </ul>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:px-8 lg:py-16">
        <div className="min-w-0 space-y-10 lg:col-span-2">
          <section aria-labelledby="description" className="space-y-8">
            <h2 id="description" className="text-2xl font-bold text-white sm:text-3xl">
              Description du projet
            </h2>
            <Gallery images={gallery} label={`Photos du projet ${project.title}`} />
            {project.body ? <RichContent body={project.body} /> : null}
          </section>
          {project.sections.map((section) => (
            <section
              key={section.title}
              aria-labelledby={`section-${section.title}`}
              className="rounded-2xl border bg-card/60 p-6 sm:p-8"
            >
              <h2 id={`section-${section.title}`} className="mb-4 text-xl font-bold text-white sm:text-2xl">
                {section.title}
              </h2>
              <RichContent body={section.body!} />
            </section>
          ))}
        </div>

        <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          {/* On small screens the page-bottom card is the only one: it would follow this one. */}
          <SimilarProjectCard headingId="similar-request" className="hidden lg:block" />
          <section aria-labelledby="other-projects" className="rounded-2xl border bg-card p-6">
            <h2 id="other-projects" className="text-lg font-semibold text-white">
              Autres projets
            </h2>
            {related.length > 0 ? (
              <ul className="mt-4 space-y-4">
                {related.map((other) => (
                  <li key={other.slug}>
                    <Link
                      to={`/projects/${other.slug}`}
                      className="group flex items-center gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md bg-muted">
                        {other.mainImage ? (
                          <ResponsiveImage
                            src={other.mainImage}
                            alt=""
                            sizes="96px"
                            width={96}
                            height={72}
                            className="h-full w-full object-cover transition group-hover:scale-105"
                          />
                        ) : null}
                      </div>
                      <div className="min-w-0">
                        <p className="font-medium text-slate-100 group-hover:text-red-300">{other.title}</p>
                        {other.category ? (
                          <p className="mt-1 text-xs text-slate-400">{other.category}</p>
                        ) : null}
                      </div>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-400">Aucun projet similaire trouvé</p>
            )}
          </section>
        </aside>
      </div>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <SimilarProjectCard headingId="similar-request-bottom" wide />
      </div>
    </>
  );
}

function SimilarProjectCard({
  headingId,
  wide = false,
  className,
}: {
  headingId: string;
  wide?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(
        "rounded-2xl border border-betic-red/40 bg-gradient-to-br from-betic-red/20 via-card to-card p-6",
        wide && "flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between sm:p-8",
        className,
      )}
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-white sm:text-xl">
          Demander un projet similaire
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          Un chantier comparable en vue ? Nos électriciens étudient votre besoin et vous envoient un devis
          gratuit.
        </p>
      </div>
      <Link
        to="/contact"
        className={clsx(
          "inline-flex h-11 shrink-0 items-center justify-center rounded-lg bg-betic-red px-6 font-semibold text-white shadow-lg shadow-betic-red/25 transition-colors hover:bg-red-700",
          !wide && "mt-5 w-full",
        )}
      >
        Demander un devis
      </Link>
    </section>
  );
}
