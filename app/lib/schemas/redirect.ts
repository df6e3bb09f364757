import { isPublicSitePath, redirectSource, redirectTarget } from "~/lib/redirects";
import { defineListSpec } from "~/lib/list-query";
import { z } from "~/lib/zod";

export const SOURCE_MESSAGE =
  "L'adresse d'origine doit être un chemin du site commençant par « / » (ex. /ancienne-page).";
export const SOURCE_NOT_PUBLIC_MESSAGE =
  "Cette adresse n'est pas une page publique du site (administration, API ou fichiers).";
export const TARGET_MESSAGE =
  "La destination doit être un chemin du site (ex. /contact) ou une adresse de ce site.";
export const SELF_LOOP_MESSAGE = "La destination ne peut pas être l'adresse d'origine elle-même.";

/**
 * The redirect dialog ('Redirections', 'Créer une redirection' of 'Pages introuvables'). The
 * site's own address (PUBLIC_URL) comes from the loader, so browser and server apply one rule.
 */
export function redirectSchema(siteUrl: string) {
  return z
    .object({
      source: z
        .string({ error: "L'adresse d'origine est requise" })
        .trim()
        .max(1000, "L'adresse d'origine est trop longue")
        .refine((value) => redirectSource(value) !== null, SOURCE_MESSAGE)
        .refine((value) => isPublicSitePath(value), SOURCE_NOT_PUBLIC_MESSAGE),
      target: z
        .string({ error: "La destination est requise" })
        .trim()
        .max(1000, "La destination est trop longue")
        .refine((value) => redirectTarget(value, siteUrl) !== null, TARGET_MESSAGE),
    })
    .superRefine((value, context) => {
      const target = redirectTarget(value.target, siteUrl);
      const source = redirectSource(value.source);
      if (target && source && redirectSource(target) === source) {
        context.addIssue({ code: "custom", path: ["target"], message: SELF_LOOP_MESSAGE });
      }
    });
}

export type RedirectInput = z.infer<ReturnType<typeof redirectSchema>>;

/** The kinds of 301 the screen lists: typed by staff, left by a slug change, from an import. */
export const redirectOrigins = ["manual", "slug", "import"] as const;
export type RedirectOrigin = (typeof redirectOrigins)[number];
export const redirectOriginLabels: Record<RedirectOrigin, string> = {
  manual: "manuelle",
  slug: "automatique",
  import: "import",
};

/** 'Redirections': most followed first; search on source and target, filter by origin. */
export const redirectListSpec = defineListSpec({
  sorts: ["source", "hits", "lastHit"] as const,
  defaultSort: "hits",
  defaultDir: "desc",
  filters: { origin: redirectOrigins },
});
export type RedirectSort = (typeof redirectListSpec.sorts)[number];

/** 'Pages introuvables': the latest first. */
export const notFoundListSpec = defineListSpec({
  sorts: ["path", "hits", "botHits", "lastSeen"] as const,
  defaultSort: "lastSeen",
  defaultDir: "desc",
});
export type NotFoundSort = (typeof notFoundListSpec.sorts)[number];
