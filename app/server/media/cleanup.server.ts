import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { deleteMedia } from "./images.server";
import { keyFromMediaUrl } from "./storage.server";

/**
 * Files are content-addressed, so two rows may share one (the same photo uploaded twice, a main
 * image reused in a gallery or quoted in an article). After a row stops pointing at `url` (deleted
 * or replaced, once committed), this removes the file and its variants only if nothing else
 * refers to it. Returns whether it deleted.
 */
export async function deleteMediaIfUnused(url: string | null | undefined) {
  const key = url ? keyFromMediaUrl(url) : null;
  if (!key) return false;
  if (await isReferenced(key)) return false;
  await deleteMedia(url!);
  return true;
}

/** Whether any column or HTML body that may hold a media URL mentions the file behind `key`. */
async function isReferenced(key: string) {
  // The content hash names the file and all its variants; keys hold only [a-z0-9._/-], so the
  // pattern has no LIKE wildcard but "_" and "-", harmless in a 24-character hex hash.
  const fileName = key.slice(key.lastIndexOf("/") + 1);
  const hash = fileName.split(/[-.]/)[0]!;
  const p = `%/media/${key.slice(0, key.length - fileName.length)}${hash}%`;
  const result = await db().execute<{ used: boolean }>(sql`select exists (
      select 1 from projects where main_image like ${p} or og_image like ${p} or twitter_image like ${p}
        or content like ${p} or challenges like ${p} or solutions like ${p} or results like ${p}
      union all select 1 from project_images where image_url like ${p}
      union all select 1 from blog_articles where main_image like ${p} or og_image like ${p}
        or twitter_image like ${p} or content like ${p}
      union all select 1 from blog_authors where avatar_url like ${p}
      union all select 1 from expertise_blocks where image_url like ${p} or custom_icon_url like ${p}
      union all select 1 from cms_pages where content like ${p}
      union all select 1 from site_settings where company_logo like ${p}
    ) as used`);
  return result.rows[0]!.used;
}
