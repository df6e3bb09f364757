import { describe, expect, it } from "vitest";
import {
  articleChecklist,
  cmsPageChecklist,
  internalLinks,
  internalPath,
  projectChecklist,
  publishWarnings,
} from "~/lib/admin/publish-checklist";
import type { ArticleFormInput } from "~/lib/schemas/article";
import type { ProjectFormInput } from "~/lib/schemas/project";

const SITE = "https://www.example.fr";

/** An article that passes every check. */
const article: ArticleFormInput = {
  title: "Mise aux normes d'un tableau électrique",
  excerpt: "Ce que change la norme NF C 15-100 pour un tableau ancien.",
  date: "01/03/2026",
  image: "/media/images/tableau.webp",
  category: "Conseils",
  content:
    '<p>Voir <a href="/blog/disjoncteur">le disjoncteur</a>.</p><img src="/media/a.webp" alt="Tableau">',
  author: "Admin",
  readTime: "5 min",
  status: "published",
  scheduledDate: "",
  publishedAt: "",
  slug: "mise-aux-normes",
  metaTitle: "",
  metaDescription:
    "Tableau électrique ancien : ce que la norme impose, ce qu'il faut changer et à quel prix.",
  metaKeywords: "",
  canonicalUrl: "",
  ogTitle: "",
  ogDescription: "",
  ogImage: "",
  twitterTitle: "",
  twitterDescription: "",
  twitterImage: "",
  updatedAt: "",
};

const warn = (values: ArticleFormInput, missingPages: string[] = []) =>
  publishWarnings(articleChecklist(values), { siteUrl: SITE, missingPages });

describe("pre-publish checklist", () => {
  it("has nothing to say about a complete article", () => {
    expect(warn(article)).toEqual([]);
  });

  it("warns on a search title over 60 characters, on the field that gives it", () => {
    const long = "Rénovation électrique complète d'une maison de 1950 à Limoges";
    expect(long.length).toBe(61);
    expect(warn({ ...article, title: long })).toEqual([
      {
        field: "title",
        message:
          "Le titre fait 61 caractères : au-delà de 60, il sera coupé dans les résultats de recherche.",
      },
    ]);
    // A short meta title is what search engines show: the long title is then fine.
    expect(warn({ ...article, title: long, metaTitle: "Rénovation à Limoges" })).toEqual([]);
    expect(warn({ ...article, metaTitle: long })[0]?.field).toBe("metaTitle");
    expect(warn({ ...article, title: "x".repeat(60) })).toEqual([]);
  });

  it("warns on a meta description missing or outside 50–160 characters", () => {
    expect(warn({ ...article, metaDescription: " " })).toEqual([
      { field: "metaDescription", message: "Aucune meta description." },
    ]);
    for (const length of [49, 161])
      expect(warn({ ...article, metaDescription: "a".repeat(length) })).toEqual([
        {
          field: "metaDescription",
          message: `La meta description fait ${length} caractères : 50 à 160 sont conseillés.`,
        },
      ]);
    for (const length of [50, 160])
      expect(warn({ ...article, metaDescription: "a".repeat(length) })).toEqual([]);
  });

  it("counts the images of the content without alt text", () => {
    const content =
      '<p>a</p><img src="/media/a.webp"><img src="/media/b.webp" alt=" "><img src="/media/c.webp" alt="c">';
    expect(warn({ ...article, content })).toEqual([
      { field: "content", message: "2 images n'ont pas de texte alternatif." },
    ]);
    expect(warn({ ...article, content: '<img src="/media/a.webp">' })[0]?.message).toBe(
      "1 image n'a pas de texte alternatif.",
    );
  });

  it("names the internal links the server found no page for", () => {
    const content =
      '<a href="/blog/supprime">a</a> <a href="https://www.example.fr/ancienne-page/?x=1#y">b</a> ' +
      '<a href="/blog/supprime#haut">c</a> <a href="/blog/disjoncteur">d</a>';
    expect(warn({ ...article, content }, ["/ancienne-page", "/blog/supprime"])).toEqual([
      {
        field: "content",
        message: "Liens vers des pages introuvables sur le site : /blog/supprime, /ancienne-page.",
      },
    ]);
    expect(warn({ ...article, content: '<a href="/x">x</a>' }, ["/x"])[0]?.message).toBe(
      "Lien vers une page introuvable sur le site : /x.",
    );
  });

  it("asks the server only about links to pages of this site", () => {
    const content = [
      "/blog/a",
      "/blog/a/",
      "https://www.example.fr/projets?p=2",
      "https://autre.fr/blog/a",
      "//autre.fr/x",
      "mailto:contact@example.fr",
      "tel:+33555000000",
      "/media/images/a.webp",
      "/admin/blog",
      "#haut",
    ]
      .map((href) => `<a href="${href}">l</a>`)
      .join("");
    expect(internalLinks(articleChecklist({ ...article, content }), SITE)).toEqual(["/blog/a", "/projets"]);
    expect(internalPath("/", SITE)).toBe("/");
  });

  it("warns on a missing excerpt, category and share image, for the kinds that have them", () => {
    expect(warn({ ...article, excerpt: "", category: "", image: "", ogImage: "" })).toEqual([
      { field: "excerpt", message: "Aucun extrait." },
      { field: "category", message: "Aucune catégorie." },
      {
        field: "ogImage",
        message: "Aucune image Open Graph ni image principale pour le partage sur les réseaux sociaux.",
      },
    ]);
    // The Open Graph image alone is enough.
    expect(warn({ ...article, image: "", ogImage: "/media/og.webp" })).toEqual([]);
    // A CMS page has neither excerpt, category nor social image.
    const page = { title: "Garanties", slug: "garanties", content: "<p>Texte</p>", metaTitle: "" };
    expect(
      publishWarnings(
        cmsPageChecklist({
          ...page,
          metaDescription: "",
          metaKeywords: "",
          isPublished: true,
          updatedAt: "",
        }),
        { siteUrl: SITE, missingPages: [] },
      ),
    ).toEqual([{ field: "metaDescription", message: "Aucune meta description." }]);
  });

  it("reads the four parts of a project", () => {
    const project = {
      ...Object.fromEntries(Object.keys(article).map((key) => [key, ""])),
      title: "Panazol",
      category: "Résidentiel",
      image: "/media/p.webp",
      metaDescription: "a".repeat(80),
      results: '<img src="/media/r.webp">',
      challenges: '<a href="/projects/autre">autre</a>',
    } as unknown as ProjectFormInput;
    expect(
      publishWarnings(projectChecklist(project), { siteUrl: SITE, missingPages: ["/projects/autre"] }),
    ).toEqual([
      { field: "challenges", message: "Lien vers une page introuvable sur le site : /projects/autre." },
      { field: "results", message: "1 image n'a pas de texte alternatif." },
    ]);
  });
});
