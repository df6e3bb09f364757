import { Icon } from "~/components/site/icon";
import { Link } from "react-router";
import { CARD_IMAGE_SIZES } from "~/components/site/article-card";
import { ResponsiveImage } from "~/components/site/responsive-image";
import type { ProjectSummary } from "~/server/content/projects.server";

/** A project in a list: links to /projects/{slug or id} (public-site.md §2). */
export function ProjectCard({
  project,
  priority = false,
}: {
  project: ProjectSummary;
  /** The first card of a list page is its largest image: load it first. */
  priority?: boolean;
}) {
  const href = `/projects/${project.slug || project.id}`;
  return (
    <article className="group relative flex h-full has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:-translate-y-0.5 hover:border-betic-red/60 hover:shadow-lg hover:shadow-black/30">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {project.mainImage ? (
          <ResponsiveImage
            src={project.mainImage}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            width={640}
            height={480}
            className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          />
        ) : null}
        {project.category ? (
          <span className="absolute left-3 top-3 rounded-full bg-betic-red px-3 py-1 text-xs font-medium text-white shadow">
            {project.category}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {project.title}
          </Link>
        </h3>
        {project.location ? (
          <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Icon name="map-pin" className="size-4 text-betic-red" />
            {project.location}
          </p>
        ) : null}
        {project.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p>
        ) : null}
      </div>
    </article>
  );
}
