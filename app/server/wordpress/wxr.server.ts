import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { SaxesParser, type SaxesTagPlain } from "saxes";

/**
 * Reading a WordPress export (WXR, 'Outils > Exporter'): an RSS file whose channel lists the
 * authors and categories, then one `<item>` per post, page or attachment. Exports reach hundreds
 * of MB, so the file is parsed as it streams (saxes) and handed over record by record; only the
 * item being read is held in memory.
 */

export type WxrSite = { type: "site"; baseUrls: string[] };

export type WxrAuthor = { type: "author"; login: string; displayName: string; email: string };

export type WxrCategory = {
  type: "category";
  termId: number;
  slug: string;
  name: string;
  /** The parent's slug, or null for a top-level category. */
  parent: string | null;
  description: string;
};

export type WxrItem = {
  type: "item";
  postType: string;
  wordpressId: number;
  guid: string;
  title: string;
  /** The permalink as the old site showed it. */
  link: string;
  creator: string;
  content: string;
  excerpt: string;
  status: string;
  slug: string;
  /** `wp:post_date_gmt` ("0000-00-00 00:00:00" for a draft never saved with a date). */
  dateGmt: string;
  /** `wp:post_date`, the site's local time. */
  date: string;
  parentId: number;
  attachmentUrl: string;
  /** Slugs of the item's categories (`<category domain="category">`; tags are left out). */
  categories: string[];
  meta: Record<string, string>;
};

export type WxrRecord = WxrSite | WxrAuthor | WxrCategory | WxrItem;

function emptyItem(): WxrItem {
  return {
    type: "item",
    postType: "",
    wordpressId: 0,
    guid: "",
    title: "",
    link: "",
    creator: "",
    content: "",
    excerpt: "",
    status: "",
    slug: "",
    dateGmt: "",
    date: "",
    parentId: 0,
    attachmentUrl: "",
    categories: [],
    meta: {},
  };
}

/** The item fields read from a child element's text. */
const ITEM_TEXT: Record<string, (item: WxrItem, value: string) => void> = {
  title: (item, value) => (item.title = value),
  link: (item, value) => (item.link = value),
  guid: (item, value) => (item.guid = value),
  "dc:creator": (item, value) => (item.creator = value),
  "content:encoded": (item, value) => (item.content = value),
  "excerpt:encoded": (item, value) => (item.excerpt = value),
  "wp:post_id": (item, value) => (item.wordpressId = Number(value)),
  "wp:post_date": (item, value) => (item.date = value),
  "wp:post_date_gmt": (item, value) => (item.dateGmt = value),
  "wp:post_name": (item, value) => (item.slug = value),
  "wp:status": (item, value) => (item.status = value),
  "wp:post_parent": (item, value) => (item.parentId = Number(value) || 0),
  "wp:post_type": (item, value) => (item.postType = value),
  "wp:attachment_url": (item, value) => (item.attachmentUrl = value),
};

/** A WXR file that cannot be read: not XML, or not a WordPress export. */
export class WxrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WxrError";
  }
}

/**
 * Streams `source` (bytes or text chunks) through the parser and awaits `onRecord` for each
 * record before reading on, so a slow consumer (the database) holds the file back instead of
 * piling records up. `onBytes` is told how far the file was read (progress).
 */
export async function readWxr(
  source: AsyncIterable<Buffer | string>,
  onRecord: (record: WxrRecord) => Promise<void>,
  onBytes?: (bytes: number) => void,
): Promise<void> {
  const parser = new SaxesParser();
  const ready: WxrRecord[] = [];
  const path: string[] = [];
  let text = "";
  let item: WxrItem | null = null;
  let author: Record<string, string> | null = null;
  let category: Record<string, string> | null = null;
  let itemCategory: SaxesTagPlain | null = null;
  let meta: { key: string; value: string } | null = null;
  const baseUrls = new Set<string>();
  let sawChannel = false;

  parser.on("opentag", (tag) => {
    path.push(tag.name);
    text = "";
    const parent = path[path.length - 2];
    if (tag.name === "channel") sawChannel = true;
    else if (tag.name === "item" && parent === "channel") item = emptyItem();
    else if (tag.name === "wp:author" && parent === "channel") author = {};
    else if (tag.name === "wp:category" && parent === "channel") category = {};
    else if (item && tag.name === "category" && parent === "item") itemCategory = tag as SaxesTagPlain;
    else if (item && tag.name === "wp:postmeta") meta = { key: "", value: "" };
  });
  parser.on("text", (chunk) => (text += chunk));
  parser.on("cdata", (chunk) => (text += chunk));
  parser.on("closetag", (tag) => {
    path.pop();
    const parent = path[path.length - 1];
    const value = text;
    text = "";
    if (tag.name === "item" && item) {
      ready.push(item);
      item = null;
    } else if (tag.name === "wp:author" && author) {
      ready.push({
        type: "author",
        login: author["wp:author_login"] ?? "",
        displayName: author["wp:author_display_name"] || author["wp:author_login"] || "",
        email: author["wp:author_email"] ?? "",
      });
      author = null;
    } else if (tag.name === "wp:category" && category) {
      ready.push({
        type: "category",
        termId: Number(category["wp:term_id"]) || 0,
        slug: category["wp:category_nicename"] ?? "",
        name: category["wp:cat_name"] ?? "",
        parent: category["wp:category_parent"] || null,
        description: category["wp:category_description"] ?? "",
      });
      category = null;
    } else if (parent === "wp:author" && author) author[tag.name] = value.trim();
    else if (parent === "wp:category" && category) category[tag.name] = value.trim();
    else if (meta && parent === "wp:postmeta") {
      if (tag.name === "wp:meta_key") meta.key = value.trim();
      if (tag.name === "wp:meta_value") meta.value = value;
    } else if (meta && tag.name === "wp:postmeta" && item) {
      item.meta[meta.key] = meta.value;
      meta = null;
    } else if (item && tag.name === "category" && itemCategory) {
      const { domain, nicename } = itemCategory.attributes;
      if (domain === "category" && nicename) item.categories.push(nicename);
      itemCategory = null;
    } else if (item && parent === "item") {
      ITEM_TEXT[tag.name]?.(item, tag.name === "content:encoded" ? value : value.trim());
    } else if ((tag.name === "wp:base_site_url" || tag.name === "wp:base_blog_url") && value.trim()) {
      baseUrls.add(value.trim());
      if (tag.name === "wp:base_blog_url") ready.push({ type: "site", baseUrls: [...baseUrls] });
    }
  });
  let failure: Error | null = null;
  parser.on("error", (error) => (failure ??= error));

  let bytes = 0;
  // A multi-byte character may be cut between two chunks: the decoder keeps its first bytes.
  const decoder = new TextDecoder();
  for await (const chunk of source) {
    bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    parser.write(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    if (failure) throw new WxrError(`Fichier XML illisible : ${(failure as Error).message}`);
    for (const record of ready.splice(0)) await onRecord(record);
    onBytes?.(bytes);
  }
  parser.close();
  if (failure) throw new WxrError(`Fichier XML illisible : ${(failure as Error).message}`);
  for (const record of ready.splice(0)) await onRecord(record);
  if (!sawChannel) throw new WxrError("Ce fichier n'est pas un export WordPress (WXR) : aucun <channel>.");
}

/** A WordPress date ("2023-05-10 08:30:00", UTC for `_gmt`) or null ("0000-00-00 00:00:00"). */
function wordpressDate(value: string, utc: boolean): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match || match[1] === "0000") return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
  return new Date(utc ? `${iso}Z` : iso);
}

/** When an item was published (or written), as WordPress stored it. */
export function itemDate(item: WxrItem) {
  return wordpressDate(item.dateGmt, true) ?? wordpressDate(item.date, false);
}

/** Reads the WXR file `file` from its start (an import reads it once per pass). */
export async function readWxrFile(
  file: string,
  onRecord: (record: WxrRecord) => Promise<void>,
  onProgress: (fraction: number) => void,
) {
  const { size } = await stat(file);
  await readWxr(createReadStream(file), onRecord, (bytes) => onProgress(size ? bytes / size : 1));
}
