import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  localBusinessJsonLd,
  pageTitle,
  seoMeta,
  serializeJsonLd,
  siteSeo,
  SITE_LAYOUT_ROUTE_ID,
  type SiteSeo,
} from "~/lib/seo";

const site: SiteSeo = {
  publicUrl: "https://www.betic.fr",
  siteName: "BETIC Électricité",
  siteTitle: "BETIC Électricité Services Électriques",
  description: "Votre partenaire de confiance à Limoges.",
  keywords: "électricien, Limoges",
  image: "https://www.betic.fr/og-image.png",
};

type Tag = Record<string, string>;
const find = (tags: unknown[], key: string, value: string) =>
  (tags as Tag[]).find((tag) => tag[key] === value);

describe("seoMeta", () => {
  it("falls back to the site title, description and keywords", () => {
    const tags = seoMeta(site, { path: "/" });
    expect(tags).toContainEqual({ title: site.siteTitle });
    expect(find(tags, "name", "description")?.content).toBe(site.description);
    expect(find(tags, "name", "keywords")?.content).toBe(site.keywords);
    expect(find(tags, "property", "og:title")?.content).toBe(site.siteTitle);
  });

  it("treats blank page fields as absent", () => {
    const tags = seoMeta(site, { path: "/", title: "  ", description: "" });
    expect(tags).toContainEqual({ title: site.siteTitle });
    expect(find(tags, "name", "description")?.content).toBe(site.description);
  });

  it("builds an absolute canonical and Open Graph / Twitter tags", () => {
    const tags = seoMeta(site, {
      path: "/blog/tableau-electrique",
      title: "Tableau électrique | BETIC Électricité",
      description: "Pourquoi changer son tableau",
      image: "/media/tableau.jpg",
      type: "article",
      publishedTime: "2026-01-10T08:00:00.000Z",
    });
    expect(find(tags, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.betic.fr/blog/tableau-electrique",
    });
    expect(find(tags, "property", "og:url")?.content).toBe("https://www.betic.fr/blog/tableau-electrique");
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "og:image")?.content).toBe("https://www.betic.fr/media/tableau.jpg");
    expect(find(tags, "property", "og:site_name")?.content).toBe("BETIC Électricité");
    expect(find(tags, "property", "og:locale")?.content).toBe("fr_FR");
    expect(find(tags, "property", "article:published_time")?.content).toBe("2026-01-10T08:00:00.000Z");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:title")?.content).toBe("Tableau électrique | BETIC Électricité");
    expect(find(tags, "name", "twitter:image")?.content).toBe("https://www.betic.fr/media/tableau.jpg");
  });

  it("uses an explicit canonical and social overrides", () => {
    const tags = seoMeta(site, {
      path: "/blog/a",
      canonical: "https://autre.example/a",
      ogTitle: "OG",
      twitterTitle: "TW",
      twitterImage: "/tw.png",
    });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://autre.example/a");
    expect(find(tags, "property", "og:title")?.content).toBe("OG");
    expect(find(tags, "name", "twitter:title")?.content).toBe("TW");
    expect(find(tags, "name", "twitter:image")?.content).toBe("https://www.betic.fr/tw.png");
    expect(find(tags, "property", "og:image")?.content).toBe(site.image);
  });

  it("adds noindex on request and never emits a relative canonical without a site", () => {
    expect(find(seoMeta(site, { path: "/x", noindex: true }), "name", "robots")?.content).toBe(
      "noindex, follow",
    );
    const bare = seoMeta(undefined, { path: "/x", title: "Erreur" });
    expect(bare).toContainEqual({ title: "Erreur" });
    expect(find(bare, "rel", "canonical")).toBeUndefined();
  });
});

describe("helpers", () => {
  it("pageTitle appends the company name", () => {
    expect(pageTitle("À propos", site)).toBe("À propos | BETIC Électricité");
    expect(pageTitle("À propos", undefined)).toBe("À propos");
  });

  it("absoluteUrl keeps absolute URLs", () => {
    expect(absoluteUrl(site.publicUrl, "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    expect(absoluteUrl(site.publicUrl, "about")).toBe("https://www.betic.fr/about");
  });

  it("siteSeo reads the layout's loader data from matches", () => {
    const matches = [
      { id: "root", loaderData: {} },
      { id: SITE_LAYOUT_ROUTE_ID, loaderData: { seo: site } },
    ];
    expect(siteSeo(matches)).toBe(site);
    expect(siteSeo([{ id: "root", loaderData: {} }])).toBeUndefined();
  });
});

describe("JSON-LD", () => {
  const business = {
    companyName: "BETIC Électricité",
    companyDescription: "Électricien à Limoges",
    companyPhone: "05 55 00 00 00",
    companyEmail: "contact@betic.fr",
    companyAddress: "12 rue Jean Jaurès",
    companyCity: "Limoges",
    companyZipCode: "87000",
    companyLogo: "/logo.svg",
    facebookUrl: "https://facebook.com/betic",
    instagramUrl: null,
  };

  it("describes the company as an Electrician with address, hours and area", () => {
    const data = localBusinessJsonLd(business, site.publicUrl);
    expect(data["@type"]).toBe("Electrician");
    expect(data.name).toBe("BETIC Électricité");
    expect(data.url).toBe("https://www.betic.fr/");
    expect(data.logo).toBe("https://www.betic.fr/logo.svg");
    expect(data.telephone).toBe("05 55 00 00 00");
    expect(data.email).toBe("contact@betic.fr");
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "12 rue Jean Jaurès",
      postalCode: "87000",
      addressLocality: "Limoges",
      addressCountry: "FR",
    });
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "07:00",
        closes: "17:00",
      },
    ]);
    expect(data.areaServed[0]).toEqual({ "@type": "City", name: "Limoges" });
    expect(data.sameAs).toEqual(["https://facebook.com/betic"]);
  });

  it("omits contact fields that are not set", () => {
    const data = localBusinessJsonLd(
      {
        ...business,
        companyPhone: null,
        companyEmail: "",
        companyAddress: null,
        companyCity: null,
        companyZipCode: null,
        facebookUrl: null,
      },
      site.publicUrl,
    );
    expect(data).not.toHaveProperty("telephone");
    expect(data).not.toHaveProperty("email");
    expect(data).not.toHaveProperty("address");
    expect(data).not.toHaveProperty("sameAs");
  });

  it("builds a BreadcrumbList with absolute item URLs", () => {
    expect(
      breadcrumbJsonLd(site.publicUrl, [
        { name: "Accueil", path: "/" },
        { name: "À propos", path: "/about" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Accueil", item: "https://www.betic.fr/" },
        { "@type": "ListItem", position: 2, name: "À propos", item: "https://www.betic.fr/about" },
      ],
    });
  });

  it("serializes without any way to close the script element", () => {
    const hostile = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain("&");
    expect(text).not.toContain("\u2028");
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
