import type { searchKinds } from "~/lib/enums";

/**
 * The site search's address and its parameters (issue 38, decision 028): `/recherche?q=…&page=…`,
 * read by that page only (page-query.ts keeps them there and nowhere else).
 */
export const SEARCH_PATH = "/recherche";
export const SEARCH_TEXT_PARAMETER = "q";
export const SEARCH_PAGE_PARAMETER = "page";
/** Longer queries are cut: the field's maxlength, and the counted text's cap. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 10;

/** Trimmed, lower-cased, spaces collapsed, capped: the form in which a search is counted and cached. */
export function normalizeSearchText(text: string) {
  return text.replace(/\s+/g, " ").trim().toLowerCase().slice(0, SEARCH_MAX_LENGTH).trim();
}

/** A highlighted excerpt: plain text runs, the matched words marked. Rendered as React text only. */
export type ExcerptPart = { text: string; match: boolean };

export type SearchKind = (typeof searchKinds)[number];

/** Each kind's heading on the results page, in French. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  page: "Pages",
  expertise: "Savoir-faire",
  project: "Réalisations",
  article: "Articles",
};
