/**
 * Expertise blocks of the home page.
 *
 * Exported API
 * - `listExpertiseBlocks()`: every expertise_blocks row ordered by display_order (public-site.md §7);
 *   a failed read gives an empty list (§8).
 */
import { asc } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { expertiseBlocks } from "~/server/db/schema";
import { readFellBack } from "~/server/cache/page-cache.server";

export type ExpertiseBlock = Pick<
  typeof expertiseBlocks.$inferSelect,
  | "title"
  | "description"
  | "iconName"
  | "backgroundColor"
  | "textColor"
  | "isFeatured"
  | "imageUrl"
  | "size"
  | "customIconUrl"
>;

export async function listExpertiseBlocks(): Promise<ExpertiseBlock[]> {
  try {
    return await db()
      .select({
        title: expertiseBlocks.title,
        description: expertiseBlocks.description,
        iconName: expertiseBlocks.iconName,
        backgroundColor: expertiseBlocks.backgroundColor,
        textColor: expertiseBlocks.textColor,
        isFeatured: expertiseBlocks.isFeatured,
        imageUrl: expertiseBlocks.imageUrl,
        size: expertiseBlocks.size,
        customIconUrl: expertiseBlocks.customIconUrl,
      })
      .from(expertiseBlocks)
      .orderBy(asc(expertiseBlocks.displayOrder), asc(expertiseBlocks.createdAt));
  } catch (error) {
    readFellBack(error, "expertise blocks read failed");
    return [];
  }
}
