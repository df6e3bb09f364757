import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { redirect } from "react-router";
import type { ListQuery } from "~/lib/list-query";
import { redirectSource, redirectTarget, requestSources } from "~/lib/redirects";
import {
  SELF_LOOP_MESSAGE,
  type RedirectInput,
  type RedirectOrigin,
  type RedirectSort,
} from "~/lib/schemas/redirect";
import { getPublishedArticle } from "~/server/articles/published.server";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { getPublishedCmsPage } from "~/server/cms/published.server";
import { config } from "~/server/config.server";
import { findLegacyRedirect } from "~/server/content/legacy-redirects.server";
import { db } from "~/server/db/client.server";
import { uniqueViolation } from "~/server/db/errors.server";
import { containsText, countUpTo, listPage } from "~/server/db/list.server";
import {
  blogArticles,
  cmsPages,
  legacyRedirects,
  notFoundPaths,
  projects,
  redirects,
  slugRedirects,
  blogCategories,
} from "~/server/db/schema";
import { getPublishedProject } from "~/server/projects/published.server";
import { recordNotFound } from "./not-found-log.server";
import { countRedirectHit } from "./redirect-hits.server";

/**
 * Redirects of the public site (issue 21): the manual ones typed in 'Redirections', asked before
 * the old addresses of imported content, in this one place, by every loader about to answer 404.
 */

/** The manual redirect for this request (with its query first, then its path alone), or null. */
async function findManualRedirect(url: URL) {
  const sources = requestSources(url);
  if (sources.length === 0) return null;
  const [row] = await db()
    .select({ id: redirects.id, target: redirects.target })
    .from(redirects)
    .where(inArray(redirects.source, sources))
    .orderBy(desc(sql`length(${redirects.source})`))
    .limit(1);
  return row ?? null;
}

/**
 * Throws the 301 of a manual redirect, or else of an old address of imported content, when the
 * requested address has one; returns otherwise. Its hit is counted after the answer.
 */
export async function followRedirect(request: Request) {
  const url = new URL(request.url);
  const manual = await findManualRedirect(url);
  if (manual) {
    countRedirectHit("manual", manual.id);
    throw redirect(manual.target, 301);
  }
  const legacy = await findLegacyRedirect(url);
  if (legacy && legacy.target !== url.pathname) {
    countRedirectHit("import", legacy.id);
    throw redirect(legacy.target, 301);
  }
}

/**
 * For a public loader about to answer 404: the redirect when there is one (followRedirect), else
 * the 404 is logged for 'Pages introuvables' (detached) and the loader answers its 404.
 */
export async function redirectBeforeNotFound(request: Request) {
  await followRedirect(request);
  recordNotFound(request);
}

// ---- 'Redirections': every 301, whatever made it

/** Where a row's current public address is, in SQL (publicPath's rule; slugs are URL-safe). */
const contentPath = (entityType: SQL, articleSlug: SQL, projectSlug: SQL, pageSlug: SQL, categorySlug: SQL) =>
  sql<string | null>`case ${entityType}
    when 'blog_articles' then '/blog/' || ${articleSlug}
    when 'projects' then '/projects/' || ${projectSlug}
    when 'cms_pages' then '/' || ${pageSlug}
    when 'blog_categories' then '/blog?category=' || ${categorySlug}
  end`;

/**
 * The three kinds as one relation (origin, id, source, target, hits, last hit, updated_at): a
 * slug or import redirect's target is its row's current address (null when the row is gone).
 */
function allRedirects() {
  const manual = sql`select 'manual' as origin, r.id, r.source, r.target, r.hits, r.last_hit_at, r.updated_at
    from ${redirects} r`;
  const slug = sql`select 'slug', s.id,
      case s.entity_type when 'blog_articles' then '/blog/' || s.old_slug
        when 'projects' then '/projects/' || s.old_slug else '/' || s.old_slug end,
      ${contentPath(sql`s.entity_type`, sql`a.slug`, sql`p.slug`, sql`c.slug`, sql`null`)},
      s.hits, s.last_hit_at, s.created_at
    from ${slugRedirects} s
    left join ${blogArticles} a on s.entity_type = 'blog_articles' and a.id = s.entity_id
    left join ${projects} p on s.entity_type = 'projects' and p.id = s.entity_id
    left join ${cmsPages} c on s.entity_type = 'cms_pages' and c.id = s.entity_id`;
  const imported = sql`select 'import', l.id, l.source,
      ${contentPath(sql`l.entity_type`, sql`a.slug`, sql`null`, sql`c.slug`, sql`k.slug`)},
      l.hits, l.last_hit_at, l.created_at
    from ${legacyRedirects} l
    left join ${blogArticles} a on l.entity_type = 'blog_articles' and a.id = l.entity_id
    left join ${cmsPages} c on l.entity_type = 'cms_pages' and c.id = l.entity_id
    left join ${blogCategories} k on l.entity_type = 'blog_categories' and k.id = l.entity_id`;
  return sql`(${manual} union all ${slug} union all ${imported}) as every_redirect`;
}

export type RedirectRow = {
  origin: RedirectOrigin;
  id: string;
  source: string;
  target: string | null;
  hits: number;
  lastHitAt: Date | null;
  updatedAt: Date;
};

/** One page of every redirect, searched on source and target, with the origin filter. */
export async function listRedirects(query: ListQuery<RedirectSort>) {
  const matching = and(
    containsText([sql`source`, sql`target`], query.q),
    query.filters.origin ? sql`origin = ${query.filters.origin}` : undefined,
  );
  const where = matching ? sql`where ${matching}` : sql``;
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  // The id follows the direction, so that each order is one index read either way (merged across
  // the three kinds); a sort of all 100,000 rows took 25–55 ms.
  const order = {
    source: sql`source collate "fr-x-icu" ${direction}`,
    hits: sql`hits ${direction}`,
    lastHit: sql`last_hit_at ${direction} nulls last`,
  }[query.sort];
  return listPage(query.page, {
    // Counting all 100,000 took 40 ms; the first page itself 1 ms.
    capped: true,
    count: () => countUpTo(allRedirects(), matching),
    rows: async ({ limit, offset }) => {
      const result = await db().execute<{
        origin: RedirectOrigin;
        id: string;
        source: string;
        target: string | null;
        hits: number;
        last_hit_at: string | null;
        updated_at: string;
      }>(
        sql`select * from ${allRedirects()} ${where} order by ${order}, id ${direction} limit ${limit} offset ${offset}`,
      );
      return result.rows.map((row): RedirectRow => ({
        origin: row.origin,
        id: row.id,
        source: row.source,
        target: row.target,
        hits: row.hits,
        lastHitAt: row.last_hit_at ? new Date(row.last_hit_at) : null,
        updatedAt: new Date(row.updated_at),
      }));
    },
  });
}

// ---- manual redirects: the rules, then the writes

/** A redirect refused by a rule; `field` is the dialog's field the message goes under. */
export class RedirectRefusedError extends Error {
  constructor(
    readonly field: "source" | "target",
    message: string,
  ) {
    super(message);
    this.name = "RedirectRefusedError";
  }
}

const FIXED_PAGES: Record<string, string> = {
  "/": "la page d'accueil",
  "/about": "la page « À propos »",
  "/privacy-policy": "la politique de confidentialité",
  "/terms-of-use": "les conditions d'utilisation",
  "/accessibilite": "la déclaration d'accessibilité",
  "/sitemap": "le plan du site",
  "/contact": "la page de contact",
  "/blog": "la liste des articles",
  "/projects": "la liste des projets",
};

/** What the site serves at this path ("l'article « … »"), or null when it answers 404 there. */
async function publicPageAt(source: string): Promise<string | null> {
  const path = source.split("?", 1)[0]!;
  if (FIXED_PAGES[path]) return FIXED_PAGES[path];
  const segments = path.split("/").slice(1);
  if (segments.length === 2 && segments[0] === "blog") {
    const article = await getPublishedArticle(segments[1]);
    return article ? `l'article « ${article.title} »` : null;
  }
  if (segments.length === 2 && segments[0] === "projects") {
    const project = await getPublishedProject(segments[1]!);
    return project ? `le projet « ${project.title} »` : null;
  }
  if (segments.length === 1) {
    const page = await getPublishedCmsPage(segments[0]!);
    return page ? `la page « ${page.title} »` : null;
  }
  return null;
}

/**
 * The source and target to store, after the rules: the source must be an address the site
 * answers 404 at; the target a path of this site; no loop (a → a, a → b → a); chains flattened
 * (adding a → b when b → c exists stores a → c). `exceptId`: the redirect being edited.
 */
async function checkedRedirect(input: RedirectInput, exceptId?: string) {
  const source = redirectSource(input.source);
  if (!source) throw new RedirectRefusedError("source", "Adresse d'origine invalide.");
  let target = redirectTarget(input.target, config.publicUrl);
  if (!target) throw new RedirectRefusedError("target", "Destination invalide.");
  const page = await publicPageAt(source);
  if (page) {
    throw new RedirectRefusedError(
      "source",
      `Cette adresse est déjà une page publiée du site : ${page}. Une redirection ne peut pas la remplacer.`,
    );
  }
  if (redirectSource(target) === source) throw new RedirectRefusedError("target", SELF_LOOP_MESSAGE);
  const others = exceptId ? ne(redirects.id, exceptId) : undefined;
  // The target is itself redirected: lead straight to where it goes (chains are kept one hop).
  const [next] = await db()
    .select({ source: redirects.source, target: redirects.target })
    .from(redirects)
    .where(and(eq(redirects.source, redirectSource(target) ?? ""), others))
    .limit(1);
  if (next) {
    if (redirectSource(next.target) === source) {
      throw new RedirectRefusedError(
        "target",
        `Boucle de redirection : ${next.source} redirige déjà vers ${source}.`,
      );
    }
    target = next.target;
  }
  return { source, target, targetKey: redirectSource(target) ?? target };
}

function refuseDuplicate(error: unknown): never {
  if (uniqueViolation(error) === "redirects_source_unique") {
    throw new RedirectRefusedError("source", "Une redirection existe déjà pour cette adresse.");
  }
  throw error;
}

/**
 * After `source` starts leading to `target`: redirects that led to `source` now lead to `target`
 * (b → c added while a → b exists makes a → c), and its 404 log row goes (the path redirects now).
 */
async function flattenInto(
  tx: MutationScope["tx"],
  value: { source: string; target: string; targetKey: string },
  id: string,
) {
  await tx
    .update(redirects)
    .set({ target: value.target, targetKey: value.targetKey, updatedAt: sql`now()` })
    .where(and(eq(redirects.targetKey, value.source), ne(redirects.id, id)));
  await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, value.source));
}

export async function createRedirect(context: MutationContext, input: RedirectInput) {
  const value = await checkedRedirect(input);
  return mutate(context, async (m) => {
    const row = await m.insert(redirects, { ...value, createdBy: context.actor.id }).catch(refuseDuplicate);
    await flattenInto(m.tx, value, row.id);
    return row;
  });
}

export async function updateRedirect(
  context: MutationContext,
  id: string,
  input: RedirectInput,
  expectedUpdatedAt?: string,
) {
  const value = await checkedRedirect(input, id);
  return mutate(context, async (m) => {
    const row = await m
      .update(redirects, id, value, { expectedUpdatedAt: expectedUpdatedAt ?? null })
      .catch(refuseDuplicate);
    await flattenInto(m.tx, value, row.id);
    return row;
  });
}

const originTables = { manual: redirects, slug: slugRedirects, import: legacyRedirects } as const;

/** Any redirect can be deleted; its old address then answers 404 (and is logged again). */
export function deleteRedirect(context: MutationContext, origin: RedirectOrigin, id: string) {
  return mutate(context, (m) => m.remove(originTables[origin], id));
}
