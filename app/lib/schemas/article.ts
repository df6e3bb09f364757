import { contentStatuses } from "~/lib/enums";
import { defineListSpec } from "~/lib/list-query";
import { fromParisDate, fromParisInput } from "~/lib/paris-time";
import { z } from "~/lib/zod";

/** back-office.md §9: minimum lengths of the article form. */
export const ARTICLE_LIMITS = { title: 3, excerpt: 10, content: 50, author: 2, date: 8 } as const;

/** §3: a new article's read time (placeholder 'ex: 5 min'). */
export const DEFAULT_ARTICLE_READ_TIME = "5 min";

/** An absolute http(s) address or one of our own paths (`/media/...`): what an image field takes. */
export function isImageAddress(value: string) {
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  return /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
}

const SLUG_MESSAGE = "Le slug doit contenir uniquement des lettres minuscules, des chiffres et des tirets";

const optionalText = (max: number) => z.string().trim().max(max, `${max} caractères au maximum`).optional();
const optionalImage = (message: string) => z.string().trim().refine(isImageAddress, message).optional();

/** The article form's fields, with the spec's names (§3) and rules on change (§5). */
const articleFields = z.object({
  title: z
    .string({ error: "Le titre doit contenir au moins 3 caractères" })
    .trim()
    .min(ARTICLE_LIMITS.title, "Le titre doit contenir au moins 3 caractères")
    .max(300, "300 caractères au maximum"),
  excerpt: z
    .string({ error: "L'extrait doit contenir au moins 10 caractères" })
    .trim()
    .min(ARTICLE_LIMITS.excerpt, "L'extrait doit contenir au moins 10 caractères")
    .max(1000, "1000 caractères au maximum"),
  /** dd/MM/yyyy: the article's date in the back office's list (its creation date). */
  date: z
    .string({ error: "La date est requise" })
    .trim()
    .min(ARTICLE_LIMITS.date, "La date est requise")
    .refine((value) => fromParisDate(value) !== null, "Date invalide (format jj/mm/aaaa)"),
  image: optionalImage("Veuillez entrer une URL valide pour l'image"),
  /** The category's name. */
  category: z
    .string({ error: "Veuillez sélectionner une catégorie" })
    .trim()
    .min(1, "Veuillez sélectionner une catégorie"),
  content: z
    .string({ error: "Le contenu doit contenir au moins 50 caractères" })
    .trim()
    .min(ARTICLE_LIMITS.content, "Le contenu doit contenir au moins 50 caractères")
    .max(500_000, "Le contenu est trop long"),
  /** The author's name. */
  author: z.string({ error: "L'auteur est requis" }).trim().min(ARTICLE_LIMITS.author, "L'auteur est requis"),
  readTime: z
    .string({ error: "Le temps de lecture est requis" })
    .trim()
    .min(1, "Le temps de lecture est requis")
    .max(30, "30 caractères au maximum"),
  status: z.enum(contentStatuses, { error: "Veuillez sélectionner un statut" }),
  /** datetime-local, Paris time: when a scheduled article goes public. */
  scheduledDate: z
    .string()
    .trim()
    .refine((value) => fromParisInput(value) !== null, "Date invalide")
    .optional(),
  /** datetime-local, Paris time: a published article's publication date. */
  publishedAt: z
    .string()
    .trim()
    .refine((value) => fromParisInput(value) !== null, "Date invalide")
    .optional(),
  slug: z
    .string()
    .trim()
    .max(200, "200 caractères au maximum")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE)
    .optional(),
  metaTitle: optionalText(300),
  metaDescription: optionalText(1000),
  metaKeywords: optionalText(500),
  canonicalUrl: z
    .string()
    .trim()
    .refine(
      (value) => /^https?:\/\//i.test(value) && URL.canParse(value),
      "Veuillez entrer une URL canonique valide",
    )
    .optional(),
  ogTitle: optionalText(300),
  ogDescription: optionalText(1000),
  ogImage: optionalImage("Veuillez entrer une URL valide"),
  twitterTitle: optionalText(300),
  twitterDescription: optionalText(1000),
  twitterImage: optionalImage("Veuillez entrer une URL valide"),
  /** The `updated_at` the edit form was opened with (stale-save check). */
  updatedAt: z.string().optional(),
});

export const CROSS_RULE_MESSAGE = "Des champs requis sont manquants ou invalides";
export const SCHEDULED_DATE_MESSAGE = "Une date de publication est requise pour les articles planifiés";
export const PUBLISHED_IMAGE_MESSAGE = "Une image principale est requise pour les articles publiés";

/**
 * The article form's schema, shared by the browser and the server: the §5 rules on change and the
 * cross rule (scheduled needs a date, published an image), reported on those fields with the
 * submit messages and on the form with 'Des champs requis sont manquants ou invalides'.
 */
export const articleFormSchema = articleFields.superRefine(
  (values, context) => {
    const missing: { path: "scheduledDate" | "image"; message: string }[] = [];
    if (values.status === "scheduled" && !values.scheduledDate)
      missing.push({ path: "scheduledDate", message: SCHEDULED_DATE_MESSAGE });
    if (values.status === "published" && !values.image)
      missing.push({ path: "image", message: PUBLISHED_IMAGE_MESSAGE });
    for (const { path, message } of missing) context.addIssue({ code: "custom", path: [path], message });
    if (missing.length) context.addIssue({ code: "custom", path: [], message: CROSS_RULE_MESSAGE });
    // Checked even when other fields are refused, so every message shows at once.
  },
  { when: () => true },
);

export type ArticleFormValues = z.infer<typeof articleFields>;
/** Every field as the form holds it (strings), e.g. for defaults and previews. */
export type ArticleFormInput = { [Key in keyof ArticleFormValues]-?: string };

/**
 * §5 "Create extra checks", shown in a validation dialog before a new article is sent (and
 * checked again by the server): empty when it may be created. Takes the raw form values.
 */
export function articleCreateChecks(
  values: Partial<Record<keyof ArticleFormValues, string>>,
  categories: readonly string[],
): string[] {
  const text = (name: keyof ArticleFormValues) => (values[name] ?? "").trim();
  const errors: string[] = [];
  if (values.status === "published" && !text("image"))
    errors.push("Une image est requise pour les articles publiés");
  if (text("title").length < ARTICLE_LIMITS.title)
    errors.push("Le titre doit contenir au moins 3 caractères");
  if (text("excerpt").length < ARTICLE_LIMITS.excerpt)
    errors.push("L'extrait doit contenir au moins 10 caractères");
  if (text("content").length < ARTICLE_LIMITS.content)
    errors.push("Le contenu doit contenir au moins 50 caractères");
  if (values.status === "scheduled" && !text("scheduledDate")) errors.push(SCHEDULED_DATE_MESSAGE);
  if (values.status === "published" && text("category") && !categories.includes(text("category")))
    errors.push(unknownCategoryMessage(text("category")));
  return errors;
}

export function unknownCategoryMessage(category: string) {
  return `La catégorie "${category}" n'existe pas dans la base de données. Veuillez créer cette catégorie d'abord.`;
}

export const SLUG_TAKEN_MESSAGE = "Ce slug est déjà utilisé par un autre article.";

/** The value of the category filter for articles without a category ('Non catégorisé'). */
export const UNCATEGORIZED = "none";

/**
 * §2.5: search by title or category, filter by category (its slug, or 'none') and status, newest
 * first; sortable by title, date and status.
 */
export const articleListSpec = defineListSpec({
  sorts: ["date", "title", "status"],
  defaultSort: "date",
  defaultDir: "desc",
  filters: {
    category: (value: string) => /^[a-z0-9-]{1,200}$/.test(value),
    status: contentStatuses,
  },
});

/** §2.6: the preview of an article neither published nor scheduled says so. */
export const LIMITED_PREVIEW = {
  title: "Aperçu limité",
  description: "Cet article n'est pas publié, seuls les contenus publiés seront visibles sur le site.",
} as const;

export function isLimitedPreview(status: string) {
  return status !== "published" && status !== "scheduled";
}
