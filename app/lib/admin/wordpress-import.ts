/** What a WordPress import reports (the command prints it, the 'Importer depuis WordPress' screen shows it). */

export const importKinds = ["authors", "categories", "media", "articles", "pages", "other"] as const;
export type ImportKind = (typeof importKinds)[number];
export const importOutcomes = ["created", "updated", "unchanged", "skipped"] as const;
export type ImportOutcome = (typeof importOutcomes)[number];
export type ImportCounts = Record<ImportOutcome, number>;
export type ImportReport = {
  dryRun: boolean;
  counts: Record<ImportKind, ImportCounts>;
  /** Old addresses recorded as 301s (would be, in a dry run). */
  redirects: number;
  warnings: string[];
};

export const importKindLabels: Record<ImportKind, string> = {
  authors: "Auteurs",
  categories: "Catégories",
  media: "Médias",
  articles: "Articles",
  pages: "Pages",
  other: "Autres éléments",
};

export const importOutcomeLabels: Record<ImportOutcome, string> = {
  created: "Créés",
  updated: "Mis à jour",
  unchanged: "Inchangés",
  skipped: "Ignorés",
};
