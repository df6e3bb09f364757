import { describe, expect, it } from "vitest";
import { categoryListMeta, pageCountOrNotFound } from "~/components/site/category-list-page";
import { keptSearch, readByPage } from "~/lib/page-query";
import { SITE_LAYOUT_ROUTE_ID, type SiteSeo } from "~/lib/seo";

describe("keptSearch", () => {
  it("keeps only the parameters pages read, each as written and in its place", () => {
    expect(keptSearch("?utm_source=lettre&category=caf%C3%A9&x=1")).toBe("?category=caf%C3%A9");
    expect(keptSearch("?x=1&p=12&gclid=abc&page_id=4")).toBe("?p=12&page_id=4");
    expect(keptSearch("?x=1&y")).toBe("");
    expect(keptSearch("")).toBe("");
  });

  it("reads names as URLSearchParams does, and drops malformed ones", () => {
    expect(keptSearch("?%63ategory=a&%E0=1&=2")).toBe("?%63ategory=a");
    expect(keptSearch("?a+b=1", (name) => name === "a b")).toBe("?a+b=1");
  });

  it("keeps the search page's query and page there, and the lists' page on the lists only", () => {
    const on = (path: string) => (name: string) => readByPage(path, name);
    expect(keptSearch("?q=borne&utm_source=x&page=2", on("/recherche"))).toBe("?q=borne&page=2");
    expect(keptSearch("?q=borne&page=2&category=a", on("/blog"))).toBe("?page=2&category=a");
    expect(keptSearch("?q=borne&page=2&category=a", on("/"))).toBe("?category=a");
  });
});

describe("categoryListMeta", () => {
  const site: SiteSeo = {
    publicUrl: "https://www.betic.fr",
    siteName: "BETIC Électricité",
    siteTitle: "BETIC",
    description: "",
    keywords: "",
    image: "",
  };
  const matches = [
    {
      id: SITE_LAYOUT_ROUTE_ID,
      loaderData: { seo: site, categories: { blog: [{ name: "Normes", slug: "normes" }], projects: [] } },
    },
  ];
  const tags = (category: string | null, page?: number) =>
    categoryListMeta("blog", { matches, category, page }, { title: "Actualités", intro: "" }) as Record<
      string,
      string
    >[];
  const canonical = (category: string | null, page?: number) =>
    tags(category, page).find((tag) => tag.rel === "canonical")?.href;

  it("gives a category's list its own canonical, without any other parameter", () => {
    expect(canonical("normes")).toBe("https://www.betic.fr/blog?category=normes");
    expect(canonical(null)).toBe("https://www.betic.fr/blog");
    // A category that does not exist shows the whole list: that list is the canonical.
    expect(canonical("inconnue")).toBe("https://www.betic.fr/blog");
  });

  it("gives each later page its own canonical and title", () => {
    expect(canonical(null, 1)).toBe("https://www.betic.fr/blog");
    expect(canonical(null, 3)).toBe("https://www.betic.fr/blog?page=3");
    expect(canonical("normes", 2)).toBe("https://www.betic.fr/blog?category=normes&page=2");
    expect(tags("normes", 2).find((tag) => "title" in tag)?.title).toBe(
      "Actualités : Normes – page 2 | BETIC Électricité",
    );
  });
});

describe("pageCountOrNotFound", () => {
  const status = (run: () => unknown) => {
    try {
      run();
      return 200;
    } catch (thrown) {
      return (thrown as { init?: { status?: number } }).init?.status;
    }
  };

  it("counts 24 cards a page and answers 404 past the last", () => {
    expect(pageCountOrNotFound(0, 1)).toBe(1);
    expect(pageCountOrNotFound(49, 3)).toBe(3);
    expect(status(() => pageCountOrNotFound(48, 3))).toBe(404);
  });

  it("takes the page asked for as the last when the count failed, rather than a 404", () => {
    expect(pageCountOrNotFound(null, 4)).toBe(4);
  });
});
