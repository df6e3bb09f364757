import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/list-query";
import { articleListSpec, type ArticleFormValues } from "~/lib/schemas/article";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/blog/editor";
import { action as listAction } from "~/routes/admin/blog/index";
import { loader as publicArticleLoader } from "~/routes/site/article";
import { STALE_CONTENT_MESSAGE } from "~/lib/stale-content";
import { createArticle, getArticle, listArticles, updateArticle } from "~/server/articles/articles.server";
import { db } from "~/server/db/client.server";
import {
  auditLog,
  blogArticleCategories,
  blogArticles,
  blogAuthors,
  blogCategories,
  contentRevisions,
} from "~/server/db/schema";
import { signedInAs } from "../support/signed-in";

let editor: Awaited<ReturnType<typeof signedInAs>>;
const context = { clientIp: "203.0.113.5" } as never;
const who = () => ({ actor: { id: editor.user.id, email: editor.user.email }, ip: "203.0.113.5" });

beforeAll(async () => {
  editor = await signedInAs("user");
});

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, blog_categories, blog_authors, audit_log, content_revisions, slug_redirects cascade`,
  );
  await db()
    .insert(blogCategories)
    .values([
      { name: "Conseils", slug: "conseils" },
      { name: "Rénovation", slug: "renovation" },
    ]);
  await db().insert(blogAuthors).values({ name: "Camille Bertrand" });
});

const CONTENT = "<p>Un contenu d'article assez long pour dépasser les cinquante caractères requis.</p>";

function values(overrides: Partial<ArticleFormValues> = {}): ArticleFormValues {
  return {
    title: "Tableau électrique : les bons réflexes",
    excerpt: "Ce qu'il faut vérifier avant l'hiver.",
    date: "10/11/2026",
    category: "Conseils",
    content: CONTENT,
    author: "Camille Bertrand",
    readTime: "5 min",
    status: "draft",
    ...overrides,
  };
}

/** The form as a browser posts it: every field a string. */
function form(fields: Record<string, string>) {
  const body = new URLSearchParams({ intent: "save", ...fields });
  return editor.request("/admin/blog/x", { method: "POST", body });
}

async function post(request: Request, id?: string) {
  try {
    return await editorAction({ request, params: id ? { id } : {}, context } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe("article mutations", () => {
  it("creates with a slug from the title, the category link, an audit row and a first revision", async () => {
    const article = await createArticle(who(), values());
    expect(article.slug).toBe("tableau-electrique-les-bons-reflexes");
    const [link] = await db()
      .select({ name: blogCategories.name })
      .from(blogArticleCategories)
      .innerJoin(blogCategories, eq(blogCategories.id, blogArticleCategories.categoryId));
    expect(link!.name).toBe("Conseils");
    expect(await db().$count(contentRevisions, eq(contentRevisions.entityId, article.id))).toBe(1);
    expect(await db().$count(auditLog, eq(auditLog.entityId, article.id))).toBe(1);
    // A second article of the same title gets the next free slug.
    expect((await createArticle(who(), values())).slug).toBe("tableau-electrique-les-bons-reflexes-2");
  });

  it("sanitizes the body on save with the public allowlist", async () => {
    const article = await createArticle(
      who(),
      values({
        content: `${CONTENT}<script>alert(1)</script><p onclick="x()">Suite</p><img src=x onerror=alert(1)>`,
      }),
    );
    expect(article.content).toBe(`${CONTENT}<p>Suite</p>`);
  });

  it("refuses a save over a newer version and keeps the other person's work", async () => {
    const article = await createArticle(who(), values());
    const opened = article.updatedAt.toISOString();
    await updateArticle(who(), article.id, values({ title: "Première modification", updatedAt: opened }));
    await expect(
      updateArticle(who(), article.id, values({ title: "Seconde modification", updatedAt: opened })),
    ).rejects.toThrow(STALE_CONTENT_MESSAGE);
    expect((await getArticle(article.id))!.title).toBe("Première modification");
  });

  it("publishes a scheduled article only at its date (the public page answers 404 before)", async () => {
    const article = await createArticle(
      who(),
      values({ status: "scheduled", scheduledDate: "2099-06-01T09:00", image: "/media/images/a.webp" }),
    );
    expect(article.scheduledAt!.toISOString()).toBe("2099-06-01T07:00:00.000Z");
    const read = () =>
      publicArticleLoader({
        params: { slug: article.slug },
        request: new Request("http://x/"),
      } as never).then(
        () => 200,
        (error: { init?: { status?: number } }) => error.init?.status,
      );
    expect(await read()).toBe(404);
    await db()
      .update(blogArticles)
      .set({ scheduledAt: new Date(Date.now() - 60_000) });
    expect(await read()).toBe(200);
  });
});

describe("article list (server-side search, filters, pages)", () => {
  async function many() {
    const renovation = (
      await db().select().from(blogCategories).where(eq(blogCategories.slug, "renovation"))
    )[0]!;
    for (let i = 1; i <= 30; i++)
      await createArticle(
        who(),
        values({ title: `Article numéro ${i}`, category: i % 3 === 0 ? "Rénovation" : "Conseils" }),
      );
    const [lonely] = await db()
      .insert(blogArticles)
      .values({ title: "Sans catégorie 100%", slug: "sans-categorie", status: "published" })
      .returning();
    return { renovation, lonely: lonely! };
  }
  const list = (search: string) => listArticles(parseListQuery(`?${search}`, articleListSpec));

  it("pages by 25, searches title or category, filters by category, none and status", async () => {
    const { lonely } = await many();
    const first = await list("");
    expect(first).toMatchObject({ total: 31, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(25);
    expect((await list("page=2")).items).toHaveLength(6);
    expect((await list("page=99")).page).toBe(2);

    expect((await list("q=numéro 1")).total).toBe(11); // 1, 10-19
    expect((await list("q=RÉNOVATION")).total).toBe(10); // by category name
    expect((await list("q=100%25")).items.map((a) => a.id)).toEqual([lonely.id]);
    expect((await list("category=renovation")).total).toBe(10);
    expect((await list("category=none")).items.map((a) => a.title)).toEqual(["Sans catégorie 100%"]);
    expect((await list("status=published")).total).toBe(1);
    expect((await list("status=bogus")).total).toBe(31);
    const byTitle = await list("sort=title&dir=asc");
    expect(byTitle.items[0]!.title).toBe("Article numéro 1");
    expect(byTitle.items[0]).toMatchObject({ author: "Camille Bertrand", category: { name: "Conseils" } });
  });

  it("counts a search up to 'plus de 1 000', the list itself exactly", async () => {
    await db().execute(
      sql`insert into blog_articles (title, slug) select 'Tableau n° ' || i, 'tableau-' || i from generate_series(1, 1001) i`,
    );
    const all = await list("");
    expect(all).toMatchObject({ total: 1001, pageCount: 41 });
    expect(all.totalCapped).toBeFalsy();
    for (const search of ["q=tableau", "q=n°"]) {
      const page = await list(`${search}&page=3`);
      expect(page).toMatchObject({ total: 1000, totalCapped: true, page: 3, pageCount: 4 });
      expect(page.items).toHaveLength(25);
    }
    const few = await list("q=tableau n° 100"); // 100, 1000, 1001
    expect(few).toMatchObject({ total: 3 });
    expect(few.totalCapped).toBeFalsy();
  });
});

describe("editor action", () => {
  it("creates from the posted form, with the §5 messages on bad input", async () => {
    const refused = (await post(form({ title: "Ab", excerpt: "court", date: "", status: "scheduled" }))) as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      title: ["Le titre doit contenir au moins 3 caractères"],
      excerpt: ["L'extrait doit contenir au moins 10 caractères"],
      date: ["La date est requise"],
      category: ["Veuillez sélectionner une catégorie"],
      content: ["Le contenu doit contenir au moins 50 caractères"],
      author: ["L'auteur est requis"],
      readTime: ["Le temps de lecture est requis"],
      scheduledDate: ["Une date de publication est requise pour les articles planifiés"],
      "": ["Des champs requis sont manquants ou invalides"],
    });

    const published = {
      title: "Borne de recharge",
      excerpt: "Tout savoir avant de poser une borne.",
      date: "01/11/2026",
      category: "Conseils",
      content: CONTENT,
      author: "Camille Bertrand",
      readTime: "5 min",
      status: "published",
    };
    const noImage = (await post(form(published))) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(noImage.data.result.error.image).toEqual([
      "Une image principale est requise pour les articles publiés",
    ]);

    const created = (await post(
      form({ ...published, image: "https://cdn.example.com/borne.jpg" }),
    )) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/blog");
    const [row] = await db().select().from(blogArticles);
    expect(row).toMatchObject({ title: "Borne de recharge", status: "published", slug: "borne-de-recharge" });
    expect(row!.publishedAt).not.toBeNull();
  });

  it("answers 'Article #id non trouvé' for an unknown id and refuses a slug another article holds", async () => {
    const missing = await editorLoader({
      request: editor.request("/admin/blog/edit/00000000-0000-0000-0000-000000000000"),
      params: { id: "00000000-0000-0000-0000-000000000000" },
      context,
    } as never).catch((error) => error);
    expect(missing).toMatchObject({ init: { status: 404 } });

    const first = await createArticle(who(), values({ title: "Premier" }));
    const second = await createArticle(who(), values({ title: "Second" }));
    const taken = (await post(
      form({
        ...(values() as Record<string, string>),
        slug: first.slug,
        updatedAt: second.updatedAt.toISOString(),
      }),
      second.id,
    )) as { data: { result: { error: Record<string, string[]> } } };
    expect(taken.data.result.error.slug).toEqual(["Ce slug est déjà utilisé par un autre article."]);
  });

  it("restores a revision as a new revision; the list deletes with a toast", async () => {
    const article = await createArticle(who(), values({ title: "Version une" }));
    const [firstRevision] = await db().select().from(contentRevisions);
    const changed = await updateArticle(
      who(),
      article.id,
      values({ title: "Version deux", updatedAt: article.updatedAt.toISOString() }),
    );
    const restore = new URLSearchParams({
      intent: "restore",
      revisionId: firstRevision!.id,
      updatedAt: changed.updatedAt.toISOString(),
    });
    const restored = (await post(
      editor.request(`/admin/blog/edit/${article.id}`, { method: "POST", body: restore }),
      article.id,
    )) as Response;
    expect(restored.status).toBe(302);
    expect((await getArticle(article.id))!.title).toBe("Version une");
    expect(await db().$count(contentRevisions)).toBe(3);

    const deleted = (await listAction({
      request: editor.request("/admin/blog?page=1", {
        method: "POST",
        body: new URLSearchParams({ intent: "delete", id: article.id }),
      }),
      params: {},
      context,
    } as never)) as Response;
    expect(deleted.status).toBe(302);
    expect(await db().$count(blogArticles)).toBe(0);
  });

  it("sends an anonymous post to sign-in and changes nothing", async () => {
    const anonymous = new Request("http://localhost/admin/blog/create", {
      method: "POST",
      body: new URLSearchParams({ intent: "save", ...(values() as Record<string, string>) }),
    });
    const answer = (await post(anonymous)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await db().$count(blogArticles)).toBe(0);
  });
});
