import type { RevisionEntityType } from "~/lib/enums";

/** The public address of an article, project or CMS page (public-site.md §2). */
export function publicPath(entityType: RevisionEntityType, slug: string): string {
  const encoded = encodeURIComponent(slug);
  if (entityType === "blog_articles") return `/blog/${encoded}`;
  if (entityType === "projects") return `/projects/${encoded}`;
  return `/${encoded}`;
}
