/** How the back office names where a visit came from (inbox 'Origine', 'Demandes de devis', the report). */

const KNOWN_SOURCES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)qwant\.com$/, "Qwant"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(^|\.)ecosia\.org$/, "Ecosia"],
  [/(^|\.)yahoo\.[a-z.]+$/, "Yahoo"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "Facebook"],
  [/(^|\.)instagram\.com$/, "Instagram"],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "LinkedIn"],
  [/(^|\.)pagesjaunes\.fr$/, "PagesJaunes"],
];

/** A source as people say it: 'Google' for www.google.fr, a UTM source as given, '' for none. */
export function sourceLabel(source: string): string {
  if (!source) return "Accès direct";
  for (const [pattern, name] of KNOWN_SOURCES) if (pattern.test(source)) return name;
  return source.replace(/^www\./, "");
}

export type ContactOriginFields = {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

/**
 * The 'Origine' of a request in a line or two: 'Google → /blog/borne-de-recharge',
 * 'Campagne flyer-printemps (print)'; empty when nothing is known.
 */
export function originLines(origin: ContactOriginFields): string[] {
  const source = origin.utmSource ?? origin.referrerHost ?? "";
  const lines: string[] = [];
  if (origin.landingPage) lines.push(`${sourceLabel(source)} → ${origin.landingPage}`);
  else if (source) lines.push(sourceLabel(source));
  if (origin.utmCampaign)
    lines.push(`Campagne ${origin.utmCampaign}${origin.utmMedium ? ` (${origin.utmMedium})` : ""}`);
  return lines;
}
