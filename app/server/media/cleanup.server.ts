import { sql } from "drizzle-orm";
import type { MediaUsage } from "~/lib/admin/media";
import { db } from "~/server/db/client.server";
import { deleteMedia } from "./stored-variants.server";
import { keyFromMediaUrl } from "./storage.server";

/**
 * Files are content-addressed, so two rows may share one (the same photo uploaded twice, a main
 * image reused in a gallery or quoted in an article). After a row stops pointing at `url` (deleted
 * or replaced, once committed), this removes the file and its variants only if nothing else
 * refers to it, the media library included. Returns whether it deleted.
 */
export async function deleteMediaIfUnused(url: string | null | undefined) {
  const key = url ? keyFromMediaUrl(url) : null;
  if (!key) return false;
  const prefix = filePrefix(key);
  if ((await usagesOf([{ url: url!, prefix }], 1)).length > 0 || (await inLibrary(prefix))) return false;
  await deleteMedia(url!);
  return true;
}

/**
 * The content rows that use the file behind `url` (any column or HTML body mentioning it or one
 * of its variants): the media library's "where used". Empty for a URL that is not ours.
 */
export async function findMediaUsages(url: string, limit = 50): Promise<MediaUsage[]> {
  return (await findUsagesOfEach([url], limit)).get(url) ?? [];
}

/** `findMediaUsages` for several images at once (a page of the library): one query. */
export async function findUsagesOfEach(urls: string[], limit = 50): Promise<Map<string, MediaUsage[]>> {
  const targets = urls.flatMap((url) => {
    const key = keyFromMediaUrl(url);
    return key ? [{ url, prefix: filePrefix(key) }] : [];
  });
  const found = new Map<string, MediaUsage[]>(urls.map((url) => [url, []]));
  for (const { url, ...usage } of targets.length ? await usagesOf(targets, limit) : [])
    found.get(url)!.push(usage);
  return found;
}

// The content hash names the file and all its variants: "images/<hash>" for
// "images/<hash>-1200x800.webp", "images/<hash>-640.avif"...
function filePrefix(key: string) {
  const fileName = key.slice(key.lastIndexOf("/") + 1);
  return key.slice(0, key.length - fileName.length) + fileName.split(/[-.]/)[0]!;
}

/** What follows "/media/" in a reference: its folders and the file name up to its first "-" or ".". */
const MEDIA_REFERENCE = "^((?:[a-z0-9][a-z0-9._-]*/)*[a-z0-9_]+)";

/**
 * Every column that may hold a media URL, one row per (row, column): image fields, HTML bodies
 * (an image quoted in an article), gallery rows (counted for their project), the site's logo, and
 * the trash's snapshots (an item's files are kept until it is purged, decision 012).
 * Each target's usages come grouped by row, with the columns that use it, `limit` at most.
 * The media references of all that text are read in one pass and joined to the targets on their
 * file prefix: the cost does not grow with the number of targets (a page of the library).
 */
async function usagesOf(
  targets: { url: string; prefix: string }[],
  limit: number,
): Promise<(MediaUsage & { url: string })[]> {
  // A LIKE per target skips the rows that cannot match before they are split: cheaper for one
  // image or two (a save releasing its old images), dearer than the split for a page of them.
  const narrow =
    targets.length <= 2
      ? sql`and exists (select 1 from target t where r.value like '%/media/' || t.prefix || '%')`
      : sql``;
  const result = await db().execute<MediaUsage & { url: string }>(sql`
    with target as (
      select * from json_to_recordset(${JSON.stringify(targets)}::json) as t(url text, prefix text)
    ),
    reference (entity_type, id, label, field, value) as (
      select 'projects', x.id, x.title, c.field, c.value from projects x
        cross join lateral (values ('mainImage', x.main_image), ('ogImage', x.og_image),
          ('twitterImage', x.twitter_image), ('content', x.content), ('challenges', x.challenges),
          ('solutions', x.solutions), ('results', x.results)) c(field, value)
      union all select 'projects', x.id, x.title, 'gallery', i.image_url
        from project_images i join projects x on x.id = i.project_id
      union all select 'blog_articles', x.id, x.title, c.field, c.value from blog_articles x
        cross join lateral (values ('mainImage', x.main_image), ('ogImage', x.og_image),
          ('twitterImage', x.twitter_image), ('content', x.content)) c(field, value)
      union all select 'blog_authors', x.id, x.name, 'avatar', x.avatar_url from blog_authors x
      union all select 'expertise_blocks', x.id, x.title, c.field, c.value from expertise_blocks x
        cross join lateral (values ('image', x.image_url), ('customIcon', x.custom_icon_url)) c(field, value)
      union all select 'cms_pages', x.id, x.title, 'content', x.content from cms_pages x
      union all select 'site_settings', x.id, 'Paramètres du site', 'logo', x.company_logo from site_settings x
      union all select 'email_templates', x.id, x.name, 'html', x.html_content from email_templates x
      union all select 'trash_items', x.id, x.title, 'trash', x.data::text from trash_items x
    ),
    found as (
      select r.entity_type, r.id, r.label, r.field,
        substring(left(piece, 512) from ${MEDIA_REFERENCE}) as prefix
      from reference r
        cross join lateral unnest(string_to_array(r.value, '/media/')) with ordinality as p(piece, n)
      where p.n > 1 ${narrow}
    ),
    used as (
      select t.url, f.entity_type, f.id, f.label, array_agg(distinct f.field) as fields,
        row_number() over (partition by t.url order by f.entity_type, f.label, f.id) as n
      from target t join found f on f.prefix = t.prefix
      group by t.url, f.entity_type, f.id, f.label
    )
    select url, entity_type as "entityType", id::text as id, label, fields from used
    where n <= ${limit} order by url, n`);
  return result.rows;
}

// Keys hold only [a-z0-9._/-]: the prefix has no LIKE wildcard but "_", harmless in a hash.
async function inLibrary(prefix: string) {
  const result = await db().execute<{ found: boolean }>(
    sql`select exists (select 1 from media_assets where url like ${`%/media/${prefix}%`}) as found`,
  );
  return result.rows[0]!.found;
}
