/**
 * SEO builders for the public site: <head> tags and JSON-LD. Isomorphic (route `meta` functions run
 * on the server and in the browser), so everything here is pure and takes its data from loaders.
 *
 * Exported API
 * - `SITE_LAYOUT_ROUTE_ID`: id of the public layout route; its loader data carries `seo: SiteSeo`.
 * - `siteSeo(matches)`: the layout's `SiteSeo` from a meta function's `matches` (undefined if absent).
 * - `seoMeta(site, page)`: MetaDescriptor[] with <title>, description, keywords, absolute canonical,
 *   Open Graph (type/title/description/url/image/site_name/locale fr_FR) and Twitter
 *   (summary_large_image). Fallbacks: page title → site title; description → site description.
 *   Typical use in a route module:
 *     export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
 *       seoMeta(siteSeo(matches), { title: pageTitle(loaderData.title, siteSeo(matches)), path: "/about" });
 * - `pageTitle(title, site)`: "{title} | {company name}" (the spec's document title pattern).
 * - `contentMeta(site, content, { path, summary, type?, publishedTime? })`: the head of an article
 *   or a project from its SEO fields (`ContentSeoFields`), falling back to title, summary, image.
 * - `cmsPageMeta(site, page, path)`: the head of a CMS page from its meta fields.
 * - `shareImage(src, site)`: absolute social-card URL of an image (our JPEG variant when there is one).
 * - `notFoundMeta(site, path, title?)`: "{title} | {company}" with noindex, for missing pages.
 * - `absoluteUrl(publicUrl, pathOrUrl)`: absolute URL; leaves http(s) URLs as they are.
 * - `localBusinessJsonLd(business, publicUrl)`: schema.org `Electrician` for the company.
 * - `breadcrumbJsonLd(publicUrl, items)`: schema.org `BreadcrumbList` from [{ name, path }].
 * - `serializeJsonLd(data)`: JSON safe to put inside <script> (no `</script>` break-out).
 * Render JSON-LD with `<JsonLd data={...} />` from app/components/site/json-ld.tsx.
 */
import type { MetaDescriptor } from "react-router";
import { socialImage } from "~/lib/image-variants";

export const SITE_LAYOUT_ROUTE_ID = "routes/site/layout";

/** Site-wide SEO values, built on the server from the public settings and PUBLIC_URL. */
export type SiteSeo = {
  /** Absolute origin of the public site, without trailing slash (config.publicUrl). */
  publicUrl: string;
  /** Company name, used as og:site_name and in page titles. */
  siteName: string;
  /** Fallback document title (settings site_title). */
  siteTitle: string;
  /** Fallback description (settings site_description, else company description). */
  description: string;
  keywords: string | null;
  /** Default share image (absolute URL). */
  image: string;
};

export type PageSeo = {
  /** Full document title; falls back to the site title. */
  title?: string | null;
  description?: string | null;
  keywords?: string | null;
  /** Path of the page (e.g. "/blog/mon-article"), used for canonical and og:url. */
  path: string;
  /** Explicit canonical (a content's canonical_url); absolute or a path. */
  canonical?: string | null;
  /** Share image, absolute or a path; falls back to the site image. */
  image?: string | null;
  type?: "website" | "article";
  ogTitle?: string | null;
  ogDescription?: string | null;
  twitterTitle?: string | null;
  twitterDescription?: string | null;
  twitterImage?: string | null;
  /** ISO date for article:published_time. */
  publishedTime?: string | null;
  /** Keep the page out of search results (error pages). */
  noindex?: boolean;
};

type MatchLike = { id: string; loaderData?: unknown; data?: unknown };

export function siteSeo(matches: readonly (MatchLike | undefined)[]): SiteSeo | undefined {
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID);
  const data = (layout?.loaderData ?? layout?.data) as { seo?: SiteSeo } | undefined;
  return data?.seo;
}

export function pageTitle(title: string, site: Pick<SiteSeo, "siteName"> | undefined): string {
  return site ? `${title} | ${site.siteName}` : title;
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Trims and drops empty strings so that `??` fallbacks also apply to blank fields. */
function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function seoMeta(site: SiteSeo | undefined, page: PageSeo): MetaDescriptor[] {
  const title = filled(page.title) ?? site?.siteTitle ?? "";
  const description = filled(page.description) ?? site?.description;
  const keywords = filled(page.keywords) ?? filled(site?.keywords);
  const toAbsolute = (value: string) => (site ? absoluteUrl(site.publicUrl, value) : value);
  const url = site ? absoluteUrl(site.publicUrl, page.path) : undefined;
  const canonical = filled(page.canonical) ? toAbsolute(page.canonical!.trim()) : url;
  const imagePath = filled(page.image) ?? site?.image;
  const image = imagePath ? toAbsolute(imagePath) : undefined;
  const twitterImagePath = filled(page.twitterImage);
  const ogTitle = filled(page.ogTitle) ?? title;
  const ogDescription = filled(page.ogDescription) ?? description;

  const tags: (MetaDescriptor | false | undefined)[] = [
    { title },
    description !== undefined && { name: "description", content: description },
    keywords !== undefined && { name: "keywords", content: keywords },
    page.noindex && { name: "robots", content: "noindex, follow" },
    canonical !== undefined &&
      /^https?:/.test(canonical) && { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: ogTitle },
    ogDescription !== undefined && { property: "og:description", content: ogDescription },
    url !== undefined && { property: "og:url", content: canonical ?? url },
    image !== undefined && { property: "og:image", content: image },
    site && { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "fr_FR" },
    page.type === "article" &&
      filled(page.publishedTime) !== undefined && {
        property: "article:published_time",
        content: page.publishedTime!,
      },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: filled(page.twitterTitle) ?? ogTitle },
    (filled(page.twitterDescription) ?? ogDescription) !== undefined && {
      name: "twitter:description",
      content: (filled(page.twitterDescription) ?? ogDescription)!,
    },
    (twitterImagePath ?? image) !== undefined && {
      name: "twitter:image",
      content: twitterImagePath ? toAbsolute(twitterImagePath) : image!,
    },
  ];
  return tags.filter((tag): tag is MetaDescriptor => Boolean(tag));
}

/** Social networks need an absolute raster URL: our images' JPEG variant when there is one. */
export function shareImage(src: string | null | undefined, site: SiteSeo | undefined): string | null {
  if (!src) return null;
  return site ? socialImage(src, site.publicUrl).url : src;
}

/** The SEO and social fields an article or a project carries. */
export type ContentSeoFields = {
  title: string;
  mainImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
  canonicalUrl: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  twitterTitle: string | null;
  twitterDescription: string | null;
  twitterImage: string | null;
};

/**
 * The head of an article's or a project's page: its own SEO fields first, then its title, summary
 * and main image, then the site's.
 */
export function contentMeta(
  site: SiteSeo | undefined,
  content: ContentSeoFields,
  page: { path: string; summary: string | null; type?: "article"; publishedTime?: string },
): MetaDescriptor[] {
  return seoMeta(site, {
    title: content.metaTitle?.trim() || pageTitle(content.title, site),
    description: content.metaDescription || page.summary,
    keywords: content.metaKeywords,
    path: page.path,
    canonical: content.canonicalUrl,
    image: shareImage(content.ogImage || content.mainImage, site),
    type: page.type,
    ogTitle: content.ogTitle || content.title,
    ogDescription: content.ogDescription,
    twitterTitle: content.twitterTitle,
    twitterDescription: content.twitterDescription,
    twitterImage: shareImage(content.twitterImage, site),
    publishedTime: page.publishedTime,
  });
}

/**
 * The head of a CMS page at `path`: "{meta title, else title} | {company}" (public-site.md, CMS
 * page), its description and keywords, then the site's.
 */
export function cmsPageMeta(
  site: SiteSeo | undefined,
  page: {
    title: string;
    metaTitle: string | null;
    metaDescription: string | null;
    metaKeywords: string | null;
  },
  path: string,
): MetaDescriptor[] {
  return seoMeta(site, {
    title: pageTitle(page.metaTitle?.trim() || page.title, site),
    description: page.metaDescription,
    keywords: page.metaKeywords,
    path,
  });
}

/** The head of a page that is not there: "{title} | {company}", kept out of search results. */
export function notFoundMeta(
  site: SiteSeo | undefined,
  path: string,
  title = "Page non trouvée",
): MetaDescriptor[] {
  return seoMeta(site, { title: pageTitle(title, site), path, noindex: true });
}

/** The company as JSON-LD needs it (a subset of the public settings). */
export type BusinessInfo = {
  companyName: string;
  companyDescription: string | null;
  companyPhone: string | null;
  companyEmail: string | null;
  companyAddress: string | null;
  companyCity: string | null;
  companyZipCode: string | null;
  companyLogo: string;
  facebookUrl?: string | null;
  instagramUrl?: string | null;
  linkedinUrl?: string | null;
  twitterUrl?: string | null;
  youtubeUrl?: string | null;
};

/** Limoges city centre, the centre of the service area. */
const LIMOGES = { latitude: 45.8336, longitude: 1.2611 };
const SERVICE_RADIUS_METRES = 40_000;

export function localBusinessJsonLd(business: BusinessInfo, publicUrl: string) {
  const logo = absoluteUrl(publicUrl, business.companyLogo);
  const sameAs = [
    business.facebookUrl,
    business.instagramUrl,
    business.linkedinUrl,
    business.twitterUrl,
    business.youtubeUrl,
  ].filter((url): url is string => Boolean(filled(url)));
  const hasAddress =
    filled(business.companyAddress) || filled(business.companyCity) || filled(business.companyZipCode);
  return {
    "@context": "https://schema.org",
    "@type": "Electrician",
    "@id": `${publicUrl}/#entreprise`,
    name: business.companyName,
    ...(filled(business.companyDescription) && { description: business.companyDescription }),
    url: `${publicUrl}/`,
    logo,
    image: logo,
    ...(filled(business.companyPhone) && { telephone: business.companyPhone }),
    ...(filled(business.companyEmail) && { email: business.companyEmail }),
    ...(hasAddress && {
      address: {
        "@type": "PostalAddress",
        ...(filled(business.companyAddress) && { streetAddress: business.companyAddress }),
        ...(filled(business.companyZipCode) && { postalCode: business.companyZipCode }),
        ...(filled(business.companyCity) && { addressLocality: business.companyCity }),
        addressCountry: "FR",
      },
    }),
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "07:00",
        closes: "17:00",
      },
    ],
    areaServed: [
      { "@type": "City", name: "Limoges" },
      {
        "@type": "GeoCircle",
        geoMidpoint: { "@type": "GeoCoordinates", ...LIMOGES },
        geoRadius: SERVICE_RADIUS_METRES,
      },
    ],
    ...(sameAs.length > 0 && { sameAs }),
  };
}

export type BreadcrumbItem = { name: string; path: string };

export function breadcrumbJsonLd(publicUrl: string, items: readonly BreadcrumbItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path),
    })),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: `<`, `>` and `&` are escaped as \u
 * sequences (still valid JSON) so stored text cannot close the script element or open a comment;
 * U+2028/2029 are escaped for old JavaScript parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
