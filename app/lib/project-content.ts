import { toRichBody } from "~/lib/content-html";
import type { ProjectViewData } from "~/components/site/project-view";

/**
 * The page's texts from a project's fields (stored, or the form's unsaved values): §2, the rich
 * content if present, otherwise the plain description; then the sections that have content.
 * Kept out of project-view.tsx so that the sanitizer stays out of the public page's JavaScript: the
 * public route calls it in its loader only, the back office's preview in the browser.
 */
export function projectBodies(fields: {
  description: string | null;
  content: string | null;
  challenges: string | null;
  solutions: string | null;
  results: string | null;
}): Pick<ProjectViewData, "body" | "sections"> {
  return {
    body: toRichBody(fields.content) ?? toRichBody(fields.description),
    sections: [
      { title: "Défis", body: toRichBody(fields.challenges) },
      { title: "Solutions", body: toRichBody(fields.solutions) },
      { title: "Résultats", body: toRichBody(fields.results) },
    ].filter((section) => section.body !== null),
  };
}
