import { defineListSpec } from "~/lib/list-query";
import { trashEntityTypes } from "~/lib/enums";

/** How long an item waits in the trash before the daily job purges it. */
export const TRASH_RETENTION_DAYS = 30;

/**
 * 'Corbeille' (issue 21): newest deletion first by default, sortable by title, type and date;
 * searched in the title, the slug and who deleted; filtered by type.
 */
export const trashListSpec = defineListSpec({
  sorts: ["deleted", "title", "type"],
  defaultSort: "deleted",
  defaultDir: "desc",
  filters: { type: trashEntityTypes },
});

/** The delete dialogs' second sentence for each type (the spec's question comes before it). */
export const trashNotice = {
  blog_articles: "L'article sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  projects: "Le projet sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  cms_pages: "La page sera placée dans la corbeille. Vous pourrez la restaurer pendant 30 jours.",
  expertise_blocks: "Le bloc sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  blog_authors: "L'auteur sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  contacts: "La demande sera placée dans la corbeille. Vous pourrez la restaurer pendant 30 jours.",
} as const;
