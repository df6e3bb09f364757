import { sql } from "drizzle-orm";
import type { MediaUsage } from "~/lib/admin/media";
import { db } from "~/server/db/client.server";
import { deleteMedia } from "./images.server";
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
  const pattern = likePattern(key);
  if ((await usagesOf([{ url: url!, pattern }], 1)).length > 0 || (await inLibrary(pattern))) return false;
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
    return key ? [{ url, pattern: likePattern(key) }] : [];
  });
  const found = new Map<string, MediaUsage[]>(urls.map((url) => [url, []]));
  for (const { url, ...usage } of targets.length ? await usagesOf(targets, limit) : [])
    found.get(url)!.push(usage);
  return found;
}

// The content hash names the file and all its variants; keys hold only [a-z0-9._/-], so the
// pattern has no LIKE wildcard but "_" and "-", harmless in a 24-character hex hash.
function likePattern(key: string) {
  const fileName = key.slice(key.lastIndexOf("/") + 1);
  const hash = fileName.split(/[-.]/)[0]!;
  return `%/media/${key.slice(0, key.length - fileName.length)}${hash}%`;
}

/**
 * Every column that may hold a media URL, one row per (row, column): image fields, HTML bodies
 * (an image quoted in an article), gallery rows (counted for their project), the site's logo.
 * Each target's usages come grouped by row, with the columns that use it, `limit` at most.
 */
async function usagesOf(
  targets: { url: string; pattern: string }[],
  limit: number,
): Promise<(MediaUsage & { url: string })[]> {
  const result = await db().execute<MediaUsage & { url: string }>(sql`
    with target as (
      select * from json_to_recordset(${JSON.stringify(targets)}::json) as t(url text, pattern text)
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
    ),
    used as (
      select t.url, r.entity_type, r.id, r.label, array_agg(distinct r.field) as fields,
        row_number() over (partition by t.url order by r.entity_type, r.label, r.id) as n
      from target t join reference r on r.value like t.pattern
      group by t.url, r.entity_type, r.id, r.label
    )
    select url, entity_type as "entityType", id::text as id, label, fields from used
    where n <= ${limit} order by url, n`);
  return result.rows;
}

async function inLibrary(p: string) {
  const result = await db().execute<{ found: boolean }>(
    sql`select exists (select 1 from media_assets where url like ${p}) as found`,
  );
  return result.rows[0]!.found;
}
