import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { robotsSettings } from "~/server/db/schema";

/** robots.txt: the text staff maintain in robots_settings, plus where the sitemap is. */
export async function renderRobotsTxt(): Promise<string> {
  const [row] = await db().select({ content: robotsSettings.content }).from(robotsSettings).limit(1);
  const sitemapLine = `Sitemap: ${config.publicUrl}/sitemap.xml`;
  const content = (row?.content ?? "User-agent: *\nAllow: /\n").trimEnd();
  const lines = content.split(/\r?\n/);
  if (lines.some((line) => line.trim().toLowerCase() === sitemapLine.toLowerCase())) return `${content}\n`;
  return `${content}\n\n${sitemapLine}\n`;
}
