import { sitemapPageTypes } from "~/lib/enums";
import type { RobotsInput, SitemapRowInput } from "~/lib/schemas/seo";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { robotsSettings, sitemapSettings } from "~/server/db/schema";

/** The eight sitemap rows, in the site's order (home first). */
export async function listSitemapSettings() {
  const rows = await db().select().from(sitemapSettings);
  const order = (pageType: string) => sitemapPageTypes.indexOf(pageType as (typeof sitemapPageTypes)[number]);
  return rows.sort((a, b) => order(a.pageType) - order(b.pageType));
}

/** Saves one row; /sitemap.xml reads the table on every request, so it follows at once. */
export function saveSitemapRow(context: MutationContext, input: SitemapRowInput) {
  return mutate(context, (m) =>
    m.update(
      sitemapSettings,
      input.id,
      {
        changeFrequency: input.changeFrequency,
        priority: input.priority,
        includeInSitemap: input.includeInSitemap,
        lastModified: new Date(),
      },
      { expectedUpdatedAt: input.updatedAt ?? null },
    ),
  );
}

export async function getRobotsSettings() {
  const [row] = await db().select().from(robotsSettings).limit(1);
  if (!row) throw new Error("the robots_settings row is missing");
  return row;
}

/** Saves robots.txt's text (line endings normalised); /robots.txt serves it from the next request. */
export async function saveRobots(context: MutationContext, input: RobotsInput) {
  const row = await getRobotsSettings();
  return mutate(context, (m) =>
    m.update(
      robotsSettings,
      row.id,
      { content: input.content.replace(/\r\n?/g, "\n") },
      { expectedUpdatedAt: input.updatedAt ?? null },
    ),
  );
}
