import { contentStatuses } from "~/lib/enums";
import { defineListSpec } from "~/lib/list-query";
import { contentMeta, type SiteSeo } from "~/lib/seo";
import { slugify } from "~/lib/slugify";
import { z } from "~/lib/zod";

/** back-office.md §3: the read time choices, default '5 min'. */
export const projectReadTimes = ["2 min", "5 min", "10 min", "15 min", "20 min", "30 min"] as const;
export const DEFAULT_PROJECT_READ_TIME = "5 min";

/** §9: the title marker of a quick-created draft. */
export const QUICK_CREATE_PREFIX = "[A REDIGER]";

/** The address a title gives, without the quick-creation marker (removed once the text is written). */
export function projectSlugFromTitle(title: string) {
  return slugify(title.replace(QUICK_CREATE_PREFIX, ""));
}

/** Min lengths of §9 (description 50 once published). */
export const PROJECT_LIMITS = {
  title: 3,
  location: 3,
  description: 10,
  publishedDescription: 50,
} as const;

/** An absolute http(s) address or one of our own paths (`/media/...`). */
function isLinkable(value: string) {
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

const optionalText = z.string().trim().optional();
const optionalLink = (message: string) => z.string().trim().refine(isLinkable, message).optional();

/**
 * The project form's rules on change (back-office.md §5 "Project form"), shared by the browser and
 * the server. The rules that depend on the chosen status are `projectSubmitErrors`.
 */
export const projectFormSchema = z.object({
  title: z
    .string({ error: "Le titre doit contenir au moins 3 caractères" })
    .trim()
    .min(PROJECT_LIMITS.title, "Le titre doit contenir au moins 3 caractères")
    .max(300, "Le titre est trop long"),
  location: z
    .string({ error: "La localisation doit contenir au moins 3 caractères" })
    .trim()
    .min(PROJECT_LIMITS.location, "La localisation doit contenir au moins 3 caractères"),
  description: z
    .string({ error: "La description doit contenir au moins 10 caractères" })
    .trim()
    .min(PROJECT_LIMITS.description, "La description doit contenir au moins 10 caractères"),
  image: z
    .string({ error: "Une image principale est requise" })
    .trim()
    .refine(isLinkable, "Une image principale est requise"),
  category: z
    .string({ error: "Veuillez sélectionner une catégorie" })
    .trim()
    .min(1, "Veuillez sélectionner une catégorie"),
  readTime: z.enum(projectReadTimes).catch(DEFAULT_PROJECT_READ_TIME),
  status: z.enum(contentStatuses, { error: "Veuillez sélectionner un statut" }),
  slug: optionalText,
  /** A date and time in the browser's `datetime-local` form, read as Paris time. */
  scheduledDate: optionalText,
  content: optionalText,
  challenges: optionalText,
  solutions: optionalText,
  results: optionalText,
  metaTitle: optionalText,
  metaDescription: optionalText,
  metaKeywords: optionalText,
  canonicalUrl: optionalLink("Veuillez entrer une URL canonique valide"),
  ogTitle: optionalText,
  ogDescription: optionalText,
  ogImage: optionalLink("Veuillez entrer une URL valide pour l'image Open Graph"),
  twitterTitle: optionalText,
  twitterDescription: optionalText,
  twitterImage: optionalLink("Veuillez entrer une URL valide pour l'image Twitter"),
  /** The `updated_at` the edit form was opened with (stale-save check). */
  updatedAt: optionalText,
});

export type ProjectFormValues = z.infer<typeof projectFormSchema>;

/** The form's fields as strings, the way the form holds them (and the preview receives them). */
export type ProjectFormInput = { [Key in keyof ProjectFormValues]-?: string };

/** The public page's head tags for the form's values, by the public route's own function. */
export function projectFormMeta(values: ProjectFormInput, site: SiteSeo) {
  return contentMeta(
    site,
    { ...values, mainImage: values.image },
    { path: `/projects/${values.slug || projectSlugFromTitle(values.title)}`, summary: values.description },
  );
}

/**
 * The checks of §5 "Project on submit" that depend on the chosen status: a published project needs
 * a 50-character description and a category that exists, a scheduled one a date. Empty when the
 * project may be saved. Run once `projectFormSchema` has accepted the values (so the browser lists
 * them before sending): §5's other published-only checks (image, title, location, category chosen,
 * and the edit screen's trimmed title) are the on-change rules themselves, which refuse first.
 */
export function projectSubmitErrors(
  values: Partial<Record<keyof ProjectFormValues, string | undefined>>,
  { categories }: { categories: readonly string[] },
): string[] {
  const text = (name: keyof ProjectFormValues) => (values[name] ?? "").trim();
  const errors: string[] = [];
  if (values.status === "published") {
    if (text("description").length < PROJECT_LIMITS.publishedDescription)
      errors.push("Une description d'au moins 50 caractères est requise");
    const category = text("category");
    if (category && !categories.includes(category))
      errors.push(
        `La catégorie "${category}" n'existe pas dans la base de données. Veuillez créer cette catégorie d'abord.`,
      );
  }
  if (values.status === "scheduled" && !text("scheduledDate"))
    errors.push("Une date de publication est requise pour les projets planifiés");
  return errors;
}

/** §5 "Quick project creation". */
export const quickCreateSchema = z.object({
  title: z
    .string({ error: "Le titre est requis" })
    .trim()
    .min(1, "Le titre est requis")
    .max(300, "Le titre est trop long"),
});

/** §2.9: search by title or category, filter by category (its slug in the URL), newest first. */
export const projectListSpec = defineListSpec({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: { category: (value: string) => /^[a-z0-9-]{1,200}$/.test(value) },
});

/** §5 "Gallery upload" and §8 "Projects": the gallery's messages, shown by the screen's toasts. */
export const galleryMessages = {
  noSelection: "Aucune image sélectionnée",
  noData: "Aucune donnée saisie",
  added: "Image ajoutée",
  addedMany: "Images ajoutées",
  deleted: "Image supprimée",
  updated: "Mise à jour effectuée",
  reordered: "Ordre mis à jour",
  noneUploaded: "Aucune image n'a pu être téléchargée",
  loadFailed: "Impossible de charger les images du projet",
  missingProject: "ID du projet manquant pour l'upload d'image(s)",
  seoFailed: "Aucune information SEO n'a pu être mise à jour",
  notImages: (count: number) => `${count} fichier(s) ne sont pas des images valides`,
  uploadFailed: (message?: string) => `Erreur lors du téléchargement: ${message || "Veuillez réessayer"}`,
  reorderFailed: (message: string) => `Erreur lors de la mise à jour de l'ordre: ${message}`,
  deleteFailed: (message: string) => `Erreur lors de la suppression: ${message}`,
  seoUpdateFailed: (message: string) => `Erreur lors de la mise à jour: ${message}`,
} as const;

/** The bulk SEO dialog (§2.11): empty fields leave the images' values unchanged. */
export const gallerySeoSchema = z.object({
  imageIds: z.array(z.uuid(), { error: galleryMessages.noSelection }).min(1, galleryMessages.noSelection),
  altText: optionalText,
  seoDescription: optionalText,
  seoKeywords: optionalText,
});
export type GallerySeoValues = z.infer<typeof gallerySeoSchema>;
