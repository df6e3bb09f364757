import { renderRobotsTxt } from "~/server/seo/robots.server";

/** /robots.txt: robots_settings content plus the sitemap's address. */
export async function loader() {
  return new Response(await renderRobotsTxt(), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      // Revalidated on every fetch: a change in the back office shows at once.
      "Cache-Control": "public, max-age=0, must-revalidate",
    },
  });
}
