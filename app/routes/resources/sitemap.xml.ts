import { renderSitemapXml } from "~/server/seo/sitemap.server";

/** /sitemap.xml, built from sitemap_settings and the public content (public-site.md §2, DESIGN.md). */
export async function loader() {
  return new Response(await renderSitemapXml(), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Revalidated on every fetch: a change in the back office shows at once.
      "Cache-Control": "public, max-age=0, must-revalidate",
    },
  });
}
