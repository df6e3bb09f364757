import { Icon } from "~/components/site/icon";
import { Link } from "react-router";
import { CARD_IMAGE_SIZES } from "~/components/site/article-card";
import { ResponsiveImage } from "~/components/site/responsive-image";
import type { ProjectSummary } from "~/server/projects/published.server";

/** A project in a list: links to /projects/{slug} (public-site.md §2; the id also resolves there). */
export function ProjectCard({
  project,
  priority = false,
}: {
  project: ProjectSummary;
  /** The first card of a list page is its largest image: load it first. */
  priority?: boolean;
}) {
  const href = `/projects/${project.slug}`;
  return (
    <article className="card group">
      <div className="card-media relative aspect-[4/3]">
        {project.mainImage ? (
          <ResponsiveImage
            src={project.mainImage}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            width={640}
            height={480}
            className="card-image"
          />
        ) : null}
        {project.category ? <span className="card-badge">{project.category}</span> : null}
      </div>
      <div className="card-body gap-2">
        <h3 className="card-title">
          <Link to={href} className="card-link">
            {project.title}
          </Link>
        </h3>
        {project.location ? (
          <p className="card-meta">
            <Icon name="map-pin" />
            {project.location}
          </p>
        ) : null}
        {project.description ? <p className="card-text">{project.description}</p> : null}
      </div>
    </article>
  );
}
