/**
 * Site-wide SEO data, built on the server for the public layout loader.
 *
 * Exported API
 * - `buildSiteSeo(settings)`: the `SiteSeo` (see app/lib/seo.ts) the layout loader returns as `seo`;
 *   route meta functions read it with `siteSeo(matches)`. The canonical origin is PUBLIC_URL
 *   (config.publicUrl), never the request's Host header, which a client controls. The layout builds
 *   the company's `Electrician` JSON-LD from it and the settings (`localBusinessJsonLd`).
 */
import { config } from "~/server/config.server";
import type { PublicSettings } from "~/server/settings.server";
import { absoluteUrl, type SiteSeo } from "~/lib/seo";

/** Raster share card (social networks ignore SVG images). */
export const DEFAULT_SHARE_IMAGE = "/og-image.png";

export function buildSiteSeo(settings: PublicSettings): SiteSeo {
  const publicUrl = config.publicUrl;
  return {
    publicUrl,
    siteName: settings.companyName,
    siteTitle: settings.siteTitle,
    description: settings.siteDescription?.trim() || settings.companyDescription,
    keywords: settings.siteKeywords,
    image: absoluteUrl(publicUrl, DEFAULT_SHARE_IMAGE),
  };
}
