import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteArticle } from "~/server/articles/articles.server";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, expertiseBlocks, projects, trashItems, users } from "~/server/db/schema";
import { countSearch, topSearches } from "~/server/search/search-counts.server";
import { guessesForMissingPage, searchSite } from "~/server/search/site-search.server";
import { restoreFromTrash } from "~/server/trash/trash.server";

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR);
let actor: { id: string; email: string };

async function article(values: Partial<typeof blogArticles.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(blogArticles)
    .values({
      slug: values.title
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
      status: "published",
      publishedAt: at(-24),
      ...values,
    })
    .returning();
  return row!;
}

const guessesFor = (path: string) => guessesForMissingPage(new Request(`http://localhost${path}`));
const titles = async (text: string) => (await searchSite(text)).hits.map((hit) => hit.title);

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Rédaction", email: "recherche@example.test", role: "user" })
    .returning();
  actor = { id: user!.id, email: user!.email };
});

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, projects, cms_pages, expertise_blocks, trash_items, search_documents, search_words, site_searches cascade`,
  );
});

describe("site search ranking", () => {
  it("puts a title match before a body match", async () => {
    await article({
      title: "Les conseils de la semaine",
      content: "<p>Installer une borne chez soi, une borne pour deux voitures : la borne.</p>",
    });
    await article({ title: "Borne de recharge à Limoges", content: "<p>Un chantier.</p>" });
    expect(await titles("borne")).toEqual(["Borne de recharge à Limoges", "Les conseils de la semaine"]);
  });

  it("tolerates accents, capitals and one typo", async () => {
    await article({ title: "Mise aux normes électriques", content: "<p>Le tableau électrique.</p>" });
    await article({ title: "Borne de recharge", content: "<p>Pour votre véhicule.</p>" });
    expect(await titles("electrique")).toEqual(["Mise aux normes électriques"]);
    expect(await titles("ÉLECTRIQUES")).toEqual(["Mise aux normes électriques"]);
    expect(await titles("vehicule")).toEqual(["Borne de recharge"]);
    expect(await titles("recharje")).toEqual(["Borne de recharge"]);
    expect(await titles("borne de rechargr")).toEqual(["Borne de recharge"]);
    expect(await titles("piscine")).toEqual([]);
  });

  it("never finds a draft, a scheduled or future item, an unpublished page or trashed content", async () => {
    await article({ title: "Zénith publié" });
    await article({ title: "Zénith brouillon", status: "draft", publishedAt: null });
    await article({ title: "Zénith programmé", status: "scheduled", scheduledAt: at(2), publishedAt: null });
    await article({ title: "Zénith daté demain", publishedAt: at(24) });
    await article({ title: "Zénith archivé", status: "archived" });
    const trashed = await article({ title: "Zénith à la corbeille" });
    await db()
      .insert(projects)
      .values([
        { title: "Zénith chantier", slug: "zenith-chantier", status: "published", publishedAt: at(-1) },
        { title: "Zénith chantier brouillon", slug: "zenith-brouillon", status: "draft" },
      ]);
    await db()
      .insert(cmsPages)
      .values([
        { title: "Zénith page", slug: "zenith-page", content: "<p>Texte</p>", isPublished: true },
        { title: "Zénith page cachée", slug: "zenith-cachee", content: "<p>Texte</p>", isPublished: false },
      ]);
    await deleteArticle({ actor }, trashed.id);

    const found = await searchSite("zenith");
    expect(found.hits.map((hit) => hit.title).sort()).toEqual([
      "Zénith chantier",
      "Zénith page",
      "Zénith publié",
    ]);
    expect(found.byKind).toEqual({ article: 1, project: 1, page: 1 });
    expect(found.hits.map((hit) => hit.path).sort()).toEqual([
      "/blog/zenith-publie",
      "/projects/zenith-chantier",
      "/zenith-page",
    ]);

    // A change of status or of publication is followed.
    await db().update(blogArticles).set({ status: "draft" }).where(eq(blogArticles.title, "Zénith publié"));
    await db().update(cmsPages).set({ isPublished: false }).where(eq(cmsPages.slug, "zenith-page"));
    await db()
      .update(projects)
      .set({ publishedAt: at(-48) })
      .where(eq(projects.slug, "zenith-brouillon"));
    await db().update(projects).set({ status: "published" }).where(eq(projects.slug, "zenith-brouillon"));
    expect((await titles("zenith")).sort()).toEqual(["Zénith chantier", "Zénith chantier brouillon"]);

    // Back from the trash, it is found again (the row is inserted anew).
    const [item] = await db().select({ id: trashItems.id }).from(trashItems);
    await restoreFromTrash({ actor }, item!.id);
    expect(await titles("corbeille")).toEqual(["Zénith à la corbeille"]);
  });

  it("finds expertise blocks and follows edits and deletions", async () => {
    const [block] = await db()
      .insert(expertiseBlocks)
      .values({ title: "Domotique", description: "Volets et chauffage pilotés à distance." })
      .returning();
    expect((await searchSite("volets")).hits).toEqual([
      expect.objectContaining({ kind: "expertise", title: "Domotique", path: "/#expertise" }),
    ]);
    await db()
      .update(expertiseBlocks)
      .set({ description: "Éclairage connecté." })
      .where(eq(expertiseBlocks.id, block!.id));
    expect(await titles("volets")).toEqual([]);
    expect(await titles("eclairage")).toEqual(["Domotique"]);
    await db().delete(expertiseBlocks).where(eq(expertiseBlocks.id, block!.id));
    expect(await titles("eclairage")).toEqual([]);
  });
});

describe("site search excerpts and pages", () => {
  it("marks the matched words in plain text: the content's markup never comes through", async () => {
    await article({
      title: "Sécurité",
      content:
        '<p>Un <b>disjoncteur</b> &amp; un différentiel.</p><script>alert("x")</script><img src=x onerror="alert(1)"> Le disjoncteur protège.',
    });
    const [hit] = (await searchSite("disjoncteurs")).hits;
    const text = hit!.excerpt.map((part) => part.text).join("");
    expect(text).toContain("disjoncteur & un différentiel");
    expect(text).not.toMatch(/[<>]/);
    expect(hit!.excerpt.filter((part) => part.match).map((part) => part.text)).toEqual([
      "disjoncteur",
      "disjoncteur",
    ]);
  });

  it("pages the results, and a page past the last gives the last", async () => {
    for (let i = 1; i <= 12; i++) await article({ title: `Éclairage ${String(i).padStart(2, "0")}` });
    const first = await searchSite("eclairage");
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(first.hits).toHaveLength(10);
    const second = await searchSite("eclairage", { page: 2 });
    expect(second.hits).toHaveLength(2);
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.title)).size).toBe(12);
    expect((await searchSite("eclairage", { page: 40 })).page).toBe(2);
  });

  it("guesses from a missing address's words, up to 3", async () => {
    await article({ title: "Installer une borne de recharge" });
    await article({ title: "Changer son tableau électrique" });
    for (let i = 1; i <= 4; i++) await article({ title: `Recharge ${i}` });
    const guesses = await guessesFor("/blog/borne-recharge-2019.html");
    expect(guesses).toHaveLength(3);
    expect(guesses[0]!.title).toBe("Installer une borne de recharge");
    expect(await guessesFor("/ancien/tableau_electrique")).toEqual([
      expect.objectContaining({ title: "Changer son tableau électrique" }),
    ]);
    expect(await guessesFor("/xyz/123")).toEqual([]);
  });
});

describe("searches counted by text", () => {
  it("counts one row per day and normalised text, with the last search's results", async () => {
    expect(await countSearch("  Borne   DE recharge ", 3)).toBe(1);
    expect(await countSearch("borne de recharge", 2)).toBe(2);
    await countSearch("piscine", 0);
    await countSearch("Piscine", 0);
    await countSearch("Piscine", 0);
    await countSearch("spots", 4);
    await db().execute(
      sql`insert into site_searches (day, query, searches, results) values (current_date - 40, 'ancienne', 50, 0)`,
    );
    const rows = await db().execute(sql`select query, searches, results from site_searches order by query`);
    expect(rows.rows).toContainEqual({ query: "borne de recharge", searches: 2, results: 2 });

    const today = new Date().toISOString().slice(0, 10);
    const period = { from: "2000-01-01", to: "2999-12-31" };
    expect(await topSearches({ from: today, to: "2999-12-31" })).toEqual([
      { query: "piscine", searches: 3, results: 0 },
      { query: "borne de recharge", searches: 2, results: 2 },
      { query: "spots", searches: 1, results: 4 },
    ]);
    expect((await topSearches(period, { fruitless: true })).map((row) => row.query)).toEqual([
      "ancienne",
      "piscine",
    ]);
  });
});
