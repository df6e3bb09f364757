import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { deleteMedia } from "./images.server";
import { keyFromMediaUrl } from "./storage.server";

/** A row whose columns or HTML body refer to a media file. */
export type MediaUsage = {
  entityType:
    | "blog_articles"
    | "projects"
    | "project_images"
    | "blog_authors"
    | "expertise_blocks"
    | "cms_pages"
    | "site_settings";
  /** The row that owns the reference (for a gallery image, its project). */
  id: string;
  /** What a person recognises it by: title, name... */
  label: string;
};

/**
 * Files are content-addressed, so two rows may share one (the same photo uploaded twice, a main
 * image reused in a gallery or quoted in an article). After a row stops pointing at `url` (deleted
 * or replaced, once committed), this removes the file and its variants only if nothing else
 * refers to it, the media library included. Returns whether it deleted.
 */
export async function deleteMediaIfUnused(url: string | null | undefined) {
  const key = url ? keyFromMediaUrl(url) : null;
  if (!key) return false;
  const pattern = likePattern(key);
  if ((await usagesOf(pattern, 1)).length > 0 || (await inLibrary(pattern))) return false;
  await deleteMedia(url!);
  return true;
}

/**
 * The content rows that use the file behind `url` (any column or HTML body mentioning it or one
 * of its variants): the media library's "where used". Empty for a URL that is not ours.
 */
export async function findMediaUsages(url: string, limit = 50): Promise<MediaUsage[]> {
  const key = keyFromMediaUrl(url);
  return key ? usagesOf(likePattern(key), limit) : [];
}

// The content hash names the file and all its variants; keys hold only [a-z0-9._/-], so the
// pattern has no LIKE wildcard but "_" and "-", harmless in a 24-character hex hash.
function likePattern(key: string) {
  const fileName = key.slice(key.lastIndexOf("/") + 1);
  const hash = fileName.split(/[-.]/)[0]!;
  return `%/media/${key.slice(0, key.length - fileName.length)}${hash}%`;
}

async function usagesOf(p: string, limit: number): Promise<MediaUsage[]> {
  const result = await db().execute<MediaUsage>(sql`
      select 'projects' as "entityType", id::text as id, title as label from projects
        where main_image like ${p} or og_image like ${p} or twitter_image like ${p}
          or content like ${p} or challenges like ${p} or solutions like ${p} or results like ${p}
      union all select 'project_images', p.id::text, p.title from project_images i
        join projects p on p.id = i.project_id where i.image_url like ${p}
      union all select 'blog_articles', id::text, title from blog_articles
        where main_image like ${p} or og_image like ${p} or twitter_image like ${p} or content like ${p}
      union all select 'blog_authors', id::text, name from blog_authors where avatar_url like ${p}
      union all select 'expertise_blocks', id::text, title from expertise_blocks
        where image_url like ${p} or custom_icon_url like ${p}
      union all select 'cms_pages', id::text, title from cms_pages where content like ${p}
      union all select 'site_settings', id::text, 'Paramètres du site' from site_settings
        where company_logo like ${p}
      limit ${limit}`);
  return result.rows;
}

async function inLibrary(p: string) {
  const result = await db().execute<{ found: boolean }>(
    sql`select exists (select 1 from media_assets where url like ${p}) as found`,
  );
  return result.rows[0]!.found;
}
