import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COUNT_CAP, parseKeysetPosition, parseListQuery, type KeysetPosition } from "~/lib/list-query";
import { notFoundListSpec, redirectListSpec, redirectSchema } from "~/lib/schemas/redirect";
import { loader as notFoundLoader } from "~/routes/site/not-found";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import {
  cmsPages,
  legacyRedirects,
  notFoundPaths,
  redirects,
  slugRedirects,
  users,
} from "~/server/db/schema";
import { detachedWorkDone } from "~/server/seo/detached.server";
import { ignoreNotFound, listNotFound, recordNotFound } from "~/server/seo/not-found-log.server";
import {
  createRedirect,
  deleteRedirect,
  listRedirects,
  RedirectRefusedError,
  updateRedirect,
} from "~/server/seo/redirects.server";

let actor: { id: string; email: string };
const context = () => ({ actor, ip: "203.0.113.7" });

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Admin", email: "admin-redirects@example.test", role: "admin" })
    .returning();
  actor = { id: user!.id, email: user!.email };
});

beforeEach(async () => {
  await db().execute(
    sql`truncate redirects, not_found_paths, slug_redirects, legacy_redirects, cms_pages cascade`,
  );
});

const add = (source: string, target: string) => createRedirect(context(), { source, target });

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof RedirectRefusedError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("not refused");
}

const targets = async () =>
  Object.fromEntries((await db().select().from(redirects)).map((row) => [row.source, row.target]));

describe("manual redirects: the rules", () => {
  it("refuses loops, a → a and a → b → a, with a French message", async () => {
    expect(await refusal(() => add("/a", "/a/"))).toEqual({
      field: "target",
      message: "La destination ne peut pas être l'adresse d'origine elle-même.",
    });
    await add("/a", "/b");
    expect(await refusal(() => add("/b", "/a"))).toEqual({
      field: "target",
      message: "Boucle de redirection : /a redirige déjà vers /b.",
    });
    expect(await targets()).toEqual({ "/a": "/b" });
  });

  it("flattens chains both ways: b → c under a → b makes a → c; a → b over b → c stores a → c", async () => {
    await add("/a", "/b");
    await add("/b", "/c");
    expect(await targets()).toEqual({ "/a": "/c", "/b": "/c" });
    await add("/x", "/b");
    expect((await targets())["/x"]).toBe("/c");
  });

  it("an edit keeps the rules: pointing c back at a is a loop", async () => {
    await add("/a", "/b");
    const c = await add("/c", "/d");
    expect(
      await refusal(() => updateRedirect(context(), c.id, { source: "/b", target: "/a" })),
    ).toMatchObject({
      field: "target",
    });
  });

  it("targets: local paths or the site's own URL (kept as a path); no other host", async () => {
    const schema = redirectSchema(config.publicUrl);
    const valid = (target: string) => schema.safeParse({ source: "/ancien", target }).success;
    expect(valid("/contact")).toBe(true);
    expect(valid(`${config.publicUrl}/blog?category=x`)).toBe(true);
    expect(valid("https://evil.example/x")).toBe(false);
    expect(valid("//evil.example/x")).toBe(false);
    expect(valid("/\\evil.example")).toBe(false);
    expect(valid("javascript:alert(1)")).toBe(false);
    expect(schema.safeParse({ source: "/admin/x", target: "/" }).success).toBe(false);
    const row = await add("/ancien", `${config.publicUrl}/contact#formulaire`);
    expect(row.target).toBe("/contact#formulaire");
  });

  it("refuses a source that is a published page, naming it", async () => {
    await db()
      .insert(cmsPages)
      .values({ title: "Garanties", slug: "garanties", content: "<p>x</p>", isPublished: true });
    expect(await refusal(() => add("/garanties", "/contact"))).toEqual({
      field: "source",
      message:
        "Cette adresse est déjà une page publiée du site : la page « Garanties ». Une redirection ne peut pas la remplacer.",
    });
    expect((await refusal(() => add("/contact", "/"))).message).toContain("la page de contact");
  });
});

describe("served before the 404", () => {
  const request = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://localhost${path}`, { headers });
  async function answer(path: string, headers?: Record<string, string>) {
    try {
      return await notFoundLoader({ request: request(path, headers), params: {}, context: {} } as never);
    } catch (error) {
      return error;
    }
  }

  it("answers the 301 (the query form first), counts the hit after the answer", async () => {
    await add("/ancien-site/contact", "/contact");
    await add("/ancien-site/contact?ref=flyer", "/contact?from=flyer");
    const moved = (await answer("/ancien-site/contact/")) as Response;
    expect([moved.status, moved.headers.get("Location")]).toEqual([301, "/contact"]);
    const withQuery = (await answer("/ancien-site/contact?ref=flyer")) as Response;
    expect(withQuery.headers.get("Location")).toBe("/contact?from=flyer");
    await detachedWorkDone();
    const [row] = await db().select().from(redirects).where(eq(redirects.source, "/ancien-site/contact"));
    expect(row!.hits).toBe(1);
    expect(row!.lastHitAt).toBeInstanceOf(Date);
    const listed = await listRedirects(parseListQuery("?q=ancien&sort=source&dir=asc", redirectListSpec));
    expect(listed.items.map((r) => [r.origin, r.source, r.hits])).toEqual([
      ["manual", "/ancien-site/contact", 1],
      ["manual", "/ancien-site/contact?ref=flyer", 1],
    ]);
    // Nothing redirected: the 404, logged.
    const missing = (await answer("/nulle-part/ici")) as { init: ResponseInit };
    expect(missing.init.status).toBe(404);
    await detachedWorkDone();
    expect(await db().$count(notFoundPaths, eq(notFoundPaths.path, "/nulle-part/ici"))).toBe(1);
  });
});

describe("'Redirections' lists every kind", () => {
  it("manual, slug ('automatique') and import rows, row-based targets at the row's current address", async () => {
    const [page] = await db()
      .insert(cmsPages)
      .values({ title: "Zone", slug: "zone-intervention", content: "<p>x</p>", isPublished: true })
      .returning();
    const [slug] = await db()
      .insert(slugRedirects)
      .values({ entityType: "cms_pages", oldSlug: "zone", entityId: page!.id })
      .returning();
    await db()
      .insert(legacyRedirects)
      .values({ source: "/?page_id=4", entityType: "cms_pages", entityId: page!.id });
    await add("/zone-limoges", "/zone-intervention");
    const spec = redirectListSpec;
    const all = await listRedirects(parseListQuery("?sort=source&dir=asc", spec));
    expect(all.items.map((r) => [r.origin, r.source, r.target])).toEqual([
      ["import", "/?page_id=4", "/zone-intervention"],
      ["slug", "/zone", "/zone-intervention"],
      ["manual", "/zone-limoges", "/zone-intervention"],
    ]);
    expect((await listRedirects(parseListQuery("?origin=slug", spec))).total).toBe(1);
    await deleteRedirect(context(), "slug", slug!.id);
    expect(await db().$count(slugRedirects)).toBe(0);
  });
});

describe("the 404 log", () => {
  const spec = notFoundListSpec;
  const visit = (path: string, headers: Record<string, string> = {}, cap?: number) =>
    recordNotFound(new Request(`http://localhost${path}`, { headers }), cap);

  it("counts people and bots apart, keeps only a URL as referrer, never back-office or asset paths", async () => {
    visit("/vieux-lien", {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
      referer: "https://ailleurs.example/page",
    });
    await detachedWorkDone();
    visit("/vieux-lien", {
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      referer: "pas une adresse",
    });
    await detachedWorkDone();
    visit("/admin/inconnu");
    visit("/api/x");
    visit("/assets/app.js");
    await detachedWorkDone();
    const { items } = await listNotFound(parseListQuery("", spec), { direction: "first" });
    expect(items.map((p) => [p.path, p.hits, p.botHits, p.lastReferrer])).toEqual([
      ["/vieux-lien", 1, 1, "https://ailleurs.example/page"],
    ]);
  });

  it("is capped: a new path over the cap removes the least visited, oldest first", async () => {
    await db()
      .insert(notFoundPaths)
      .values([
        { path: "/souvent", hits: 9, lastSeenAt: new Date(Date.now() - 3_600_000) },
        { path: "/rare-ancien", hits: 1, lastSeenAt: new Date(Date.now() - 7_200_000) },
        { path: "/rare-recent", hits: 1, lastSeenAt: new Date(Date.now() - 60_000) },
      ]);
    visit("/nouveau", {}, 3);
    await detachedWorkDone();
    const paths = (await db().select({ path: notFoundPaths.path }).from(notFoundPaths))
      .map((r) => r.path)
      .sort();
    expect(paths).toEqual(["/nouveau", "/rare-recent", "/souvent"]);
  });

  it("'Ignorer' hides the path and stops counting it; a redirect made from it removes its row", async () => {
    visit("/ignore-moi");
    visit("/a-rediriger");
    await detachedWorkDone();
    const [ignored] = await db().select().from(notFoundPaths).where(eq(notFoundPaths.path, "/ignore-moi"));
    await ignoreNotFound(context(), ignored!.id);
    visit("/ignore-moi");
    await detachedWorkDone();
    const [after] = await db().select().from(notFoundPaths).where(eq(notFoundPaths.path, "/ignore-moi"));
    expect([after!.hits, after!.ignored]).toEqual([1, true]);
    await add("/a-rediriger", "/contact");
    const { items } = await listNotFound(parseListQuery("", spec), { direction: "first" });
    expect(items).toEqual([]);
  });
});

describe("'Pages introuvables' and 'Redirections' at scale", () => {
  /** Every page of the 404 list in `search`'s order, following 'Suivant' from the first. */
  async function walk(search: string) {
    const pages: string[][] = [];
    let position: KeysetPosition = { direction: "first" };
    for (;;) {
      const page = await listNotFound(parseListQuery(search, notFoundListSpec), position);
      pages.push(page.items.map((row) => row.path));
      if (!page.next) return { pages, last: page };
      position = parseKeysetPosition(new URLSearchParams({ after: page.next }));
    }
  }

  it("reads the 404 log from a cursor, every row once, in the sort's order, ties by id", async () => {
    // 60 paths, hits in 4 values (ties cross the pages' edges), seen a minute apart.
    await db().execute(sql`insert into not_found_paths (path, hits, bot_hits, last_seen_at)
      select '/p_' || lpad(i::text, 2, '0'), i % 4, i, now() - i * interval '1 minute'
      from generate_series(1, 60) i`);
    const all = await db()
      .select({ id: notFoundPaths.id, path: notFoundPaths.path, hits: notFoundPaths.hits })
      .from(notFoundPaths);
    const byHits = all.sort((a, b) => b.hits - a.hits || (a.id < b.id ? 1 : -1)).map((row) => row.path);

    const hits = await walk("?sort=hits&dir=desc");
    expect(hits.pages.map((page) => page.length)).toEqual([25, 25, 10]);
    expect(hits.pages.flat()).toEqual(byHits);
    expect([hits.last.total, hits.last.totalCapped]).toEqual([60, false]);

    const byPath = await walk("?sort=path&dir=asc");
    expect(byPath.pages.flat()).toEqual(all.map((row) => row.path).sort());
    const latest = await walk("");
    expect(latest.pages.flat()).toEqual(
      Array.from({ length: 60 }, (_, i) => `/p_${String(i + 1).padStart(2, "0")}`),
    );

    // 'Précédent' from the last page gives the second; from the second, the first.
    const query = parseListQuery("?sort=hits&dir=desc", notFoundListSpec);
    const second = await listNotFound(
      query,
      parseKeysetPosition(new URLSearchParams({ before: hits.last.previous! })),
    );
    expect(second.items.map((row) => row.path)).toEqual(hits.pages[1]);
    const first = await listNotFound(
      query,
      parseKeysetPosition(new URLSearchParams({ before: second.previous! })),
    );
    expect(first.items.map((row) => row.path)).toEqual(hits.pages[0]);
    expect(first.previous).toBeNull();

    // A hand-edited cursor whose value is not the sort's type shows the first page, no error.
    const edited = await listNotFound(
      query,
      parseKeysetPosition(new URLSearchParams({ after: `douze_${all[0]!.id}` })),
    );
    expect(edited.items.map((row) => row.path)).toEqual(hits.pages[0]);
  });

  it("stops counting past 1 000 rows: 'plus de', and the pages go on while rows do", async () => {
    await db().execute(
      sql`insert into not_found_paths (path) select '/vieux/' || i from generate_series(1, 1010) i`,
    );
    const log = await listNotFound(parseListQuery("?q=vieux", notFoundListSpec), { direction: "first" });
    expect([log.total, log.totalCapped, log.items.length, Boolean(log.next)]).toEqual([
      COUNT_CAP,
      true,
      25,
      true,
    ]);

    await db().execute(sql`insert into redirects (source, target, target_key)
      select '/ancien/' || i, '/contact', '/contact' from generate_series(1, 1010) i`);
    const pageAt = (page: number) =>
      listRedirects(parseListQuery(`?sort=source&dir=asc&page=${page}`, redirectListSpec));
    const capped = await pageAt(1);
    expect([capped.total, capped.totalCapped, capped.pageCount]).toEqual([COUNT_CAP, true, 2]);
    // Page 41 (rows 1,001 to 1,010) is reached, the last one: no page after it.
    const last = await pageAt(41);
    expect([last.page, last.items.length, last.pageCount]).toEqual([41, 10, 41]);
  });
});
