import { defineListSpec } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { SLUG_FORMAT_MESSAGE, SLUG_PATTERN } from "./category";

/** back-office.md §9: minimum lengths of the CMS page form. */
export const CMS_PAGE_LIMITS = { title: 2, slug: 2, content: 10 } as const;

/**
 * Paths the public site already answers (public-site.md §2, resources): a CMS page there would
 * never be reached, so its slug is refused.
 */
export const RESERVED_CMS_SLUGS: ReadonlySet<string> = new Set([
  "about",
  "accessibilite",
  "admin",
  "api",
  "blog",
  "contact",
  "healthz",
  "media",
  "metrics",
  "privacy-policy",
  "projects",
  "readyz",
  "sitemap",
  "terms-of-use",
]);

export const RESERVED_SLUG_MESSAGE = "Cette adresse est déjà celle d'une page du site";
export const CMS_SLUG_TAKEN_MESSAGE = "Ce slug est déjà utilisé par une autre page";

const optionalText = (max: number) => z.string().trim().max(max, `${max} caractères au maximum`).optional();

/** The CMS page form (back-office.md §3, §5), field names as the spec's. */
export const cmsPageSchema = z.object({
  title: z
    .string({ error: "Le titre doit contenir au moins 2 caractères" })
    .trim()
    .min(CMS_PAGE_LIMITS.title, "Le titre doit contenir au moins 2 caractères")
    .max(200, "200 caractères au maximum"),
  slug: z
    .string({ error: "Le slug doit contenir au moins 2 caractères" })
    .trim()
    .min(CMS_PAGE_LIMITS.slug, "Le slug doit contenir au moins 2 caractères")
    .max(100, "100 caractères au maximum")
    .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE)
    .refine((slug) => !RESERVED_CMS_SLUGS.has(slug), RESERVED_SLUG_MESSAGE),
  content: z
    .string({ error: "Le contenu doit contenir au moins 10 caractères" })
    .trim()
    .min(CMS_PAGE_LIMITS.content, "Le contenu doit contenir au moins 10 caractères")
    .max(500_000, "Le contenu est trop long"),
  metaTitle: optionalText(300),
  metaDescription: optionalText(1000),
  metaKeywords: optionalText(500),
  isPublished: z.boolean().default(false),
  /** The `updated_at` the edit form was opened with (stale-save check). */
  updatedAt: z.string().optional(),
});

export type CmsPageValues = z.infer<typeof cmsPageSchema>;

/** Every field as the form holds it, e.g. for defaults and the live preview. */
export type CmsPageFormInput = { [Key in Exclude<keyof CmsPageValues, "isPublished">]-?: string } & {
  isPublished: boolean;
};

/**
 * §2.14: sortable by title (the default, ascending), slug, status and last modification (time
 * sorts start with the newest); searched in title and slug; filtered by status.
 */
export const cmsPageListSpec = defineListSpec({
  sorts: ["title", "slug", "status", "updated"],
  defaultSort: "title",
  filters: { status: ["published", "draft"] },
});

/** The preview of a draft page says it is not on the site (as §2.6 does for articles). */
export const CMS_LIMITED_PREVIEW = {
  title: "Aperçu limité",
  description: "Cette page n'est pas publiée : elle ne sera visible sur le site qu'une fois publiée.",
} as const;
