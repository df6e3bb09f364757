import sanitizeHtml from "sanitize-html";
import type { ArticleFormInput } from "~/lib/schemas/article";
import type { CmsPageFormInput } from "~/lib/schemas/cms-page";
import type { ProjectFormInput } from "~/lib/schemas/project";
import { pluralWords } from "~/lib/plural";

/**
 * The pre-publish checklist (issue 21, point 6): what an item about to be published (or
 * scheduled) would show badly, as warnings that never block the save. The spec's own rules stay
 * the blocking errors of each form's schema. Pure: the editors compute it as the person types,
 * the preview pages from the values they are sent, and the tests from plain objects; only the
 * existence of linked internal pages needs the database (`missingPages`, given by the server).
 */

/** Lengths a search engine shows in full (the SEO fieldset's counters advise the same). */
export const SEO_TITLE_MAX = 60;
export const META_DESCRIPTION_RANGE = { min: 50, max: 160 } as const;

/** One warning, with the form field it is about (Conform's field name), to put the cursor there. */
export type PublishWarning = { field: string; message: string };

/** What the checks read of an item, whichever its kind. `undefined` = the kind has no such field. */
export type ChecklistInput = {
  title: { field: string; value: string };
  metaDescription: string;
  /** The HTML fields (an article's content, a project's four parts). */
  bodies: { field: string; html: string }[];
  excerpt?: string;
  category?: string;
  /** The image shared on social networks: the Open Graph image, else the cover image. */
  shareImage?: { field: string; value: string; fallback: string };
};

/** The links and images of an HTML body, read with the parser the sanitizer already ships. */
function scanBody(html: string) {
  const hrefs: string[] = [];
  let imagesWithoutAlt = 0;
  sanitizeHtml(html, {
    allowedTags: ["a", "img"],
    allowedAttributes: { a: ["href"], img: ["src", "alt"] },
    exclusiveFilter: (frame) => {
      if (frame.tag === "a" && frame.attribs.href) hrefs.push(frame.attribs.href);
      if (frame.tag === "img" && !frame.attribs.alt?.trim()) imagesWithoutAlt += 1;
      return false;
    },
  });
  return { hrefs, imagesWithoutAlt };
}

/**
 * The path of a link to a page of this site (`/blog/x`, or an absolute address on `siteUrl`),
 * without query, fragment or trailing slash; null for other sites, mail, phone, files
 * (`/media/…`) and the back office.
 */
export function internalPath(href: string, siteUrl: string): string | null {
  // A path of ours, or an absolute http(s) address (ours when its origin is the site's).
  const local = href.startsWith("/") && !href.startsWith("//");
  if (!local && !/^https?:\/\//i.test(href)) return null;
  if (!URL.canParse(href, siteUrl)) return null;
  const url = new URL(href, siteUrl);
  if (url.origin !== new URL(siteUrl).origin) return null;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (path.startsWith("/media/") || path === "/admin" || path.startsWith("/admin/")) return null;
  return path;
}

/** Every internal page the bodies link to, once each: what the server checks. */
export function internalLinks(input: ChecklistInput, siteUrl: string): string[] {
  const paths = new Set<string>();
  for (const body of input.bodies)
    for (const href of scanBody(body.html).hrefs) {
      const path = internalPath(href, siteUrl);
      if (path) paths.add(path);
    }
  return [...paths].sort();
}

/**
 * The warnings for an item about to be published, in the order of the form. `missingPages`: the
 * internal paths the server found no public page for (`findMissingPages`).
 */
export function publishWarnings(
  input: ChecklistInput,
  { siteUrl, missingPages }: { siteUrl: string; missingPages: readonly string[] },
): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const title = input.title.value.trim();
  if (title.length > SEO_TITLE_MAX)
    warnings.push({
      field: input.title.field,
      message: `Le titre fait ${title.length} caractères : au-delà de ${SEO_TITLE_MAX}, il sera coupé dans les résultats de recherche.`,
    });
  if (input.excerpt !== undefined && !input.excerpt.trim())
    warnings.push({ field: "excerpt", message: "Aucun extrait." });
  const missing = new Set(missingPages);
  for (const body of input.bodies) {
    const { hrefs, imagesWithoutAlt } = scanBody(body.html);
    if (imagesWithoutAlt)
      warnings.push({
        field: body.field,
        message: `${imagesWithoutAlt} ${pluralWords(imagesWithoutAlt, "image n'a pas", "images n'ont pas")} de texte alternatif.`,
      });
    const broken = [
      ...new Set(
        hrefs.map((href) => internalPath(href, siteUrl)).filter((path) => path !== null && missing.has(path)),
      ),
    ];
    if (broken.length)
      warnings.push({
        field: body.field,
        message: `${pluralWords(broken.length, "Lien vers une page", "Liens vers des pages")} ${pluralWords(broken.length, "introuvable")} sur le site : ${broken.join(", ")}.`,
      });
  }
  if (input.category !== undefined && !input.category.trim())
    warnings.push({ field: "category", message: "Aucune catégorie." });
  const description = input.metaDescription.trim();
  if (!description) warnings.push({ field: "metaDescription", message: "Aucune meta description." });
  else if (description.length < META_DESCRIPTION_RANGE.min || description.length > META_DESCRIPTION_RANGE.max)
    warnings.push({
      field: "metaDescription",
      message: `La meta description fait ${description.length} caractères : ${META_DESCRIPTION_RANGE.min} à ${META_DESCRIPTION_RANGE.max} sont conseillés.`,
    });
  if (input.shareImage && !input.shareImage.value.trim() && !input.shareImage.fallback.trim())
    warnings.push({
      field: input.shareImage.field,
      message: "Aucune image Open Graph ni image principale pour le partage sur les réseaux sociaux.",
    });
  return warnings;
}

type SeoValues = { title: string; metaTitle: string; metaDescription: string };

/** What every kind has: the title search engines show (the meta title when there is one), the meta description, the HTML fields. */
function checklistOf<Values extends SeoValues>(
  values: Values,
  bodyFields: readonly (keyof Values & string)[],
): ChecklistInput {
  return {
    title: values.metaTitle.trim()
      ? { field: "metaTitle", value: values.metaTitle }
      : { field: "title", value: values.title },
    metaDescription: values.metaDescription,
    bodies: bodyFields.map((field) => ({ field, html: String(values[field]) })),
  };
}

/** Articles and projects also have a category and a share image (the Open Graph one, else the main image). */
function publishableChecklist<
  Values extends SeoValues & { category: string; ogImage: string; image: string },
>(values: Values, bodyFields: readonly (keyof Values & string)[]): ChecklistInput {
  return {
    ...checklistOf(values, bodyFields),
    category: values.category,
    shareImage: { field: "ogImage", value: values.ogImage, fallback: values.image },
  };
}

export function articleChecklist(values: ArticleFormInput): ChecklistInput {
  return { ...publishableChecklist(values, ["content"]), excerpt: values.excerpt };
}

export function projectChecklist(values: ProjectFormInput): ChecklistInput {
  return publishableChecklist(values, ["content", "challenges", "solutions", "results"]);
}

/** A CMS page has no excerpt, category or social image (back-office.md §3). */
export function cmsPageChecklist(values: CmsPageFormInput): ChecklistInput {
  return checklistOf(values, ["content"]);
}

/** Whether the chosen status puts the item on the site (now or at its date). */
export function isPublishing(status: string | boolean) {
  return status === true || status === "published" || status === "scheduled";
}
