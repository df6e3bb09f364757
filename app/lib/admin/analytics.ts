/** The periods of the analytics screen, each compared with the one just before it. */
export const analyticsRanges = ["7d", "30d", "12m"] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

export const analyticsRangeLabels: Record<AnalyticsRange, string> = {
  "7d": "7 jours",
  "30d": "30 jours",
  "12m": "12 mois",
};

export function parseAnalyticsRange(value: string | null): AnalyticsRange {
  return analyticsRanges.find((range) => range === value) ?? "30d";
}

/** The public site's fixed pages, by path (names of public-site.md's menus and footer). */
export const staticPageNames: Record<string, string> = {
  "/": "Accueil",
  "/about": "À propos",
  "/projects": "Projets",
  "/blog": "Blog & Actualités",
  "/contact": "Contact",
  "/sitemap": "Plan du site",
  "/privacy-policy": "Politique de confidentialité",
  "/terms-of-use": "Conditions d'utilisation",
  "/accessibilite": "Accessibilité",
};

export const deviceLabels: Record<string, string> = {
  desktop: "Ordinateur",
  tablet: "Tablette",
  mobile: "Mobile",
  "": "Inconnu",
};

/** Quote requests for 100 visitors, one decimal; null without visitors. */
export function conversionRate(requests: number, visitors: number | null): number | null {
  if (!visitors) return null;
  return Math.round((requests / visitors) * 1000) / 10;
}
