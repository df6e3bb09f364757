import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SitePageLink } from "~/components/admin/site-page-link";

const render = (path: string) => renderToStaticMarkup(<SitePageLink path={path}>{path}</SitePageLink>);

describe("a stored page path in the back office (source page, page viewed)", () => {
  it("is a link when it is a path of the site", () => {
    expect(render("/projects/renovation")).toBe(
      '<a href="/projects/renovation" target="_blank" rel="noreferrer">/projects/renovation</a>',
    );
  });

  it("stays text, without an href, when a browser would read it as another site", () => {
    for (const path of ["/\\evil.com", "/\t/evil.com", "//evil.com", "/a/..//evil.com", "https://evil.com"]) {
      const html = render(path);
      expect(html, path).not.toContain("href");
      expect(html, path).toMatch(/^<span/);
    }
  });
});
