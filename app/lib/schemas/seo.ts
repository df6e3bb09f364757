import { sitemapChangeFrequencies, sitemapPageTypes, type SitemapPageType } from "~/lib/enums";
import { z } from "~/lib/zod";

/** The page types' French labels (back-office.md §2.20). */
export const sitemapPageTypeLabels: Record<SitemapPageType, string> = {
  home: "Page d'accueil",
  about: "À propos",
  blog: "Blog (liste)",
  blog_article: "Articles de blog",
  projects: "Projets (liste)",
  project: "Projets individuels",
  contact: "Contact",
  cms_page: "Pages CMS",
};

export const changeFrequencyLabels: Record<(typeof sitemapChangeFrequencies)[number], string> = {
  always: "Toujours",
  hourly: "Toutes les heures",
  daily: "Quotidienne",
  weekly: "Hebdomadaire",
  monthly: "Mensuelle",
  yearly: "Annuelle",
  never: "Jamais",
};

const PRIORITY_MESSAGE = "La priorité doit être comprise entre 0 et 1, par pas de 0,1";

/** One sitemap row's save (per-row 'Enregistrer'). */
export const sitemapRowSchema = z.object({
  id: z.uuid(),
  updatedAt: z.string().optional(),
  pageType: z.enum(sitemapPageTypes),
  changeFrequency: z.enum(sitemapChangeFrequencies, { error: "Fréquence inconnue" }),
  priority: z
    .number({ error: PRIORITY_MESSAGE })
    .min(0, PRIORITY_MESSAGE)
    .max(1, PRIORITY_MESSAGE)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, PRIORITY_MESSAGE)
    .transform((value) => Math.round(value * 10) / 10),
  includeInSitemap: z.boolean().default(false),
});
export type SitemapRowInput = z.infer<typeof sitemapRowSchema>;

/** robots.txt as staff write it; the sitemap line is added when serving. */
export const robotsSchema = z.object({
  updatedAt: z.string().optional(),
  content: z
    .string({ error: "Le contenu du fichier robots.txt est requis" })
    .min(1, "Le contenu du fichier robots.txt est requis")
    .max(10_000, "10 000 caractères au maximum")
    // Tabs and line breaks only: other control characters mean a pasted binary or a typo.
    .refine(
      (value) => ![...value].some((char) => char < " " && !"\t\n\r".includes(char)),
      "Caractères de contrôle interdits",
    ),
});
export type RobotsInput = z.infer<typeof robotsSchema>;
