import { Badge, type BadgeVariant } from "~/components/ui/badge";
import {
  contactStatusLabels,
  contentStatusLabels,
  type ContactStatus,
  type ContentStatus,
} from "~/lib/enums";

/** back-office.md §4: published green, draft yellow, scheduled blue, archived grey; contacts alike. */
export const statusVariants: Record<ContentStatus | ContactStatus, BadgeVariant> = {
  published: "success",
  draft: "warning",
  scheduled: "info",
  archived: "muted",
  new: "info",
  in_progress: "warning",
  completed: "success",
  spam: "destructive",
};

const labels: Record<ContentStatus | ContactStatus, string> = {
  ...contentStatusLabels,
  ...contactStatusLabels,
};

/**
 * The coloured label of a content status (articles, projects; a CMS page passes
 * `isPublished ? "published" : "draft"`) or a contact request's status.
 *
 *   <StatusBadge status={article.status} />
 */
export function StatusBadge({ status }: { status: ContentStatus | ContactStatus }) {
  return <Badge variant={statusVariants[status] ?? "muted"}>{labels[status] ?? status}</Badge>;
}
