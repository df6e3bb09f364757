import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defineListSpec, parseListQuery } from "~/lib/list-query";

import { articleListSpec } from "~/lib/schemas/article";
import { cmsPageListSpec } from "~/lib/schemas/cms-page";
import { contactListSpec } from "~/lib/schemas/contacts";
import { projectListSpec } from "~/lib/schemas/project";
import { deleteArticle, listArticles, listAuthorNames } from "~/server/articles/articles.server";
import {
  getPublishedArticle,
  getRelatedArticles,
  listPublishedArticles,
} from "~/server/articles/published.server";
import { deleteCmsPage, listCmsPages } from "~/server/cms/cms-pages.server";
import { getPublishedCmsPage } from "~/server/cms/published.server";
import { countContacts, getContact, listContacts, trashContact } from "~/server/contacts/inbox.server";
import { authorSorts, deleteAuthor, listAuthors } from "~/server/content/authors.server";
import { getDashboardCounts, getRecentActivity } from "~/server/content/dashboard.server";
import { db } from "~/server/db/client.server";
import {
  auditLog,
  blogArticleCategories,
  blogArticles,
  blogAuthors,
  blogCategories,
  cmsPages,
  contactNotes,
  contacts,
  contentRevisions,
  emailOutbox,
  expertiseBlocks,
  projectCategories,
  projectCategoryRelations,
  projectImages,
  projects,
  slugRedirects,
  trashItems,
  users,
} from "~/server/db/schema";
import { deleteBlock, listBlocks } from "~/server/expertise/blocks.server";
import { listExpertiseBlocks } from "~/server/expertise/published.server";
import { findMediaUsages } from "~/server/media/cleanup.server";
import { storeImage } from "~/server/media/images.server";
import { variantsSettled } from "~/server/media/stored-variants.server";
import {
  keyFromMediaUrl,
  localDriver,
  setStorageDriver,
  type StorageDriver,
} from "~/server/media/storage.server";
import { deleteProject, listProjects } from "~/server/projects/projects.server";
import {
  getProjectGallery,
  getPublishedProject,
  getRelatedProjects,
  listPublishedProjects,
} from "~/server/projects/published.server";
import { getSitemapEntries } from "~/server/seo/sitemap.server";
import {
  purgeExpiredTrash,
  purgeTrashItems,
  restoreFromTrash,
  TrashDependencyError,
  TrashSlugTakenError,
} from "~/server/trash/trash.server";

let actor: { id: string; email: string };
const context = () => ({ actor, ip: "203.0.113.7" });
let root: string;
let driver: StorageDriver;
const DAY = 86_400_000;

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Rédaction", email: "redaction@example.test", role: "user" })
    .returning();
  actor = { id: user!.id, email: user!.email };
  root = await mkdtemp(path.join(tmpdir(), "betic-trash-test-"));
  driver = localDriver(root);
  setStorageDriver(driver);
});

afterAll(async () => {
  await variantsSettled();
  setStorageDriver();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, blog_categories, blog_authors, projects, project_categories, cms_pages,
      expertise_blocks, contacts, trash_items, audit_log, content_revisions, slug_redirects, email_outbox cascade`,
  );
});

async function photo(color: string) {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return storeImage(image);
}

const published = { status: "published", publishedAt: new Date(Date.now() - DAY) } as const;

/** Two of each kind, the same category for the pairs, so every related list holds the other. */
async function content() {
  const [category] = await db()
    .insert(blogCategories)
    .values({ name: "Conseils", slug: "conseils" })
    .returning();
  const [projectCategory] = await db()
    .insert(projectCategories)
    .values({ name: "Tertiaire", slug: "tertiaire" })
    .returning();
  const [author] = await db().insert(blogAuthors).values({ name: "Jeanne Martin" }).returning();
  const [lonelyAuthor] = await db().insert(blogAuthors).values({ name: "Paul Sans-Article" }).returning();
  const [article, sibling] = await db()
    .insert(blogArticles)
    .values([
      { title: "Tableau électrique", slug: "tableau-electrique", authorId: author!.id, ...published },
      { title: "Prises extérieures", slug: "prises-exterieures", authorId: author!.id, ...published },
    ])
    .returning();
  await db()
    .insert(blogArticleCategories)
    .values([article!, sibling!].map((row) => ({ articleId: row.id, categoryId: category!.id })));
  const main = await photo("#a1a");
  const galleryPhoto = await photo("#b2b");
  const [project, otherProject] = await db()
    .insert(projects)
    .values([
      {
        title: "Bureaux Limoges",
        slug: "bureaux-limoges",
        category: "Tertiaire",
        mainImage: main.url,
        ...published,
      },
      { title: "Entrepôt Isle", slug: "entrepot-isle", category: "Tertiaire", ...published },
    ])
    .returning();
  await db()
    .insert(projectCategoryRelations)
    .values([project!, otherProject!].map((row) => ({ projectId: row.id, categoryId: projectCategory!.id })));
  await db()
    .insert(projectImages)
    .values([
      { projectId: project!.id, imageUrl: galleryPhoto.url, altText: "Façade", displayOrder: 0 },
      { projectId: project!.id, imageUrl: main.url, altText: "Hall", displayOrder: 1 },
    ]);
  const [page] = await db()
    .insert(cmsPages)
    .values({ title: "Mentions", slug: "mentions", content: "<p>Texte</p>", isPublished: true })
    .returning();
  const [block, otherBlock] = await db()
    .insert(expertiseBlocks)
    .values([
      { title: "Habitat", description: "Rénovation", displayOrder: 0 },
      { title: "Bornes", description: "Recharge", displayOrder: 1 },
    ])
    .returning();
  const [contact] = await db()
    .insert(contacts)
    .values({ name: "Luc Petit", email: "luc@example.test", subject: "Devis", message: "Bonjour" })
    .returning();
  await db()
    .insert(contactNotes)
    .values({ contactId: contact!.id, body: "Rappeler lundi", authorId: actor.id });
  const [mail] = await db()
    .insert(emailOutbox)
    .values({
      contactId: contact!.id,
      toAddress: "luc@example.test",
      subject: "Reçu",
      htmlBody: "x",
      textBody: "x",
    })
    .returning();
  return {
    article: article!,
    sibling: sibling!,
    author: author!,
    lonelyAuthor: lonelyAuthor!,
    project: project!,
    otherProject: otherProject!,
    main,
    galleryPhoto,
    page: page!,
    block: block!,
    otherBlock: otherBlock!,
    contact: contact!,
    mail: mail!,
  };
}

type Content = Awaited<ReturnType<typeof content>>;

async function trashEverything(c: Content) {
  await deleteArticle(context(), c.article.id);
  await deleteProject(context(), c.project.id);
  await deleteCmsPage(context(), c.page.id);
  await deleteBlock(context(), c.block.id);
  await deleteAuthor(context(), c.lonelyAuthor.id);
  await trashContact(context(), c.contact.id);
}

async function trashed(entityId: string) {
  const [item] = await db().select().from(trashItems).where(eq(trashItems.entityId, entityId));
  return item!;
}

describe("the trash (issue 21, decision 012)", () => {
  it("takes a deleted item out of every public read, list, count and picker", async () => {
    const c = await content();
    const before = await getDashboardCounts();
    await trashEverything(c);

    expect((await listPublishedArticles()).map((a) => a.title)).toEqual(["Prises extérieures"]);
    expect(await getPublishedArticle("tableau-electrique")).toBeNull();
    expect(await getPublishedArticle(c.article.id)).toBeNull();
    const sibling = (await getPublishedArticle("prises-exterieures"))!;
    const related = await getRelatedArticles(sibling);
    expect([...related.sameCategory, ...related.similar].map((a) => a.title)).not.toContain(
      "Tableau électrique",
    );
    expect((await listPublishedProjects()).map((p) => p.title)).toEqual(["Entrepôt Isle"]);
    expect(await getPublishedProject("bureaux-limoges")).toBeNull();
    expect((await getProjectGallery(c.project)).map((image) => image.url)).toEqual([c.main.url]);
    const otherProject = (await getPublishedProject("entrepot-isle"))!;
    expect((await getRelatedProjects(otherProject)).map((p) => p.title)).not.toContain("Bureaux Limoges");
    expect(await getPublishedCmsPage("mentions")).toBeNull();
    expect((await listExpertiseBlocks()).map((b) => b.title)).toEqual(["Bornes"]);
    const paths = (await getSitemapEntries()).map((entry) => entry.path);
    expect(paths).toContain("/blog/prises-exterieures");
    for (const gone of ["/blog/tableau-electrique", "/projects/bureaux-limoges", "/mentions"])
      expect(paths).not.toContain(gone);

    expect(await getDashboardCounts()).toEqual({
      projects: before.projects - 1,
      articles: before.articles - 1,
      authors: before.authors - 1,
      contacts: before.contacts - 1,
    });
    const recent = (await getRecentActivity(10)).map((row) => row.id);
    for (const id of [c.article.id, c.project.id, c.contact.id]) expect(recent).not.toContain(id);
    const articles = await listArticles(parseListQuery("", articleListSpec));
    expect(articles.items.map((a) => a.title)).toEqual(["Prises extérieures"]);
    expect((await listProjects(parseListQuery("", projectListSpec))).items.map((p) => p.title)).toEqual([
      "Entrepôt Isle",
    ]);
    expect((await listCmsPages(parseListQuery("", cmsPageListSpec))).total).toBe(0);
    expect((await listBlocks()).map((b) => [b.title, b.displayOrder])).toEqual([["Bornes", 0]]);
    expect(
      (
        await listAuthors(parseListQuery("", defineListSpec({ sorts: authorSorts, defaultSort: "name" })))
      ).items.map((a) => a.name),
    ).toEqual(["Jeanne Martin"]);
    expect((await listAuthorNames()).map((a) => a.name)).toEqual(["Jeanne Martin"]);
    expect((await listContacts(parseListQuery("", contactListSpec))).total).toBe(0);
    expect(await countContacts()).toBe(0);
    expect(await getContact(c.contact.id)).toBeNull();

    const items = await db().select().from(trashItems);
    expect(items.map((item) => [item.entityType, item.title, item.deletedByEmail]).sort()).toEqual(
      [
        ["blog_articles", "Tableau électrique", actor.email],
        ["blog_authors", "Paul Sans-Article", actor.email],
        ["cms_pages", "Mentions", actor.email],
        ["contacts", "Luc Petit — Devis", actor.email],
        ["expertise_blocks", "Habitat", actor.email],
        ["projects", "Bureaux Limoges", actor.email],
      ].sort(),
    );
    expect(await db().$count(auditLog, eq(auditLog.action, "trash"))).toBe(6);
  });

  it("keeps the files of a trashed item until it is purged, then deletes those nothing else uses", async () => {
    const c = await content();
    await deleteProject(context(), c.project.id);
    expect((await findMediaUsages(c.galleryPhoto.url)).map((usage) => usage.entityType)).toEqual([
      "trash_items",
    ]);
    expect(await driver.exists(keyFromMediaUrl(c.main.url)!)).toBe(true);

    const item = await trashed(c.project.id);
    expect(await purgeTrashItems(context(), [item.id])).toBe(1);
    expect(await driver.exists(keyFromMediaUrl(c.main.url)!)).toBe(false);
    expect(await driver.exists(keyFromMediaUrl(c.galleryPhoto.url)!)).toBe(false);
    expect(await db().$count(trashItems)).toBe(0);
    expect(await db().$count(contentRevisions, eq(contentRevisions.entityId, c.project.id))).toBe(0);
    await expect(restoreFromTrash(context(), item.id)).rejects.toThrow("trash_items");
  });

  it("restores an item as it was: status, category, gallery, revisions, old addresses, notes and e-mails", async () => {
    const c = await content();
    await db()
      .insert(contentRevisions)
      .values({
        entityType: "projects",
        entityId: c.project.id,
        data: { title: "Bureaux" },
        authorEmail: actor.email,
      });
    await db()
      .insert(slugRedirects)
      .values({ entityType: "projects", oldSlug: "bureaux", entityId: c.project.id });
    await trashEverything(c);
    for (const id of [c.project.id, c.article.id, c.page.id, c.block.id, c.lonelyAuthor.id, c.contact.id])
      await restoreFromTrash(context(), (await trashed(id)).id);

    expect(await db().$count(trashItems)).toBe(0);
    expect(await getPublishedProject("bureaux-limoges")).not.toBeNull();
    const [stored] = await db().select().from(projects).where(eq(projects.id, c.project.id));
    expect(stored).toEqual(c.project);
    expect(
      (await db().select().from(projectImages).where(eq(projectImages.projectId, c.project.id)))
        .map((image) => image.altText)
        .sort(),
    ).toEqual(["Façade", "Hall"]);
    expect(
      await db().$count(projectCategoryRelations, eq(projectCategoryRelations.projectId, c.project.id)),
    ).toBe(1);
    expect(await db().$count(contentRevisions, eq(contentRevisions.entityId, c.project.id))).toBe(1);
    expect(
      await db().$count(
        slugRedirects,
        and(eq(slugRedirects.entityId, c.project.id), eq(slugRedirects.oldSlug, "bureaux")),
      ),
    ).toBe(1);
    const article = (await getPublishedArticle("tableau-electrique"))!;
    expect(article.category?.name).toBe("Conseils");
    expect(article.authorName).toBe("Jeanne Martin");
    expect(await getPublishedCmsPage("mentions")).not.toBeNull();
    expect((await listBlocks()).map((b) => [b.title, b.displayOrder])).toEqual([
      ["Habitat", 0],
      ["Bornes", 1],
    ]);
    const contact = (await getContact(c.contact.id))!;
    expect(contact.notes.map((note) => note.body)).toEqual(["Rappeler lundi"]);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, c.mail.id));
    expect(mail!.contactId).toBe(c.contact.id);
    expect(await countContacts()).toBe(1);
    expect(await db().$count(auditLog, eq(auditLog.action, "trash_restore"))).toBe(6);
  });

  it("refuses a slug taken meanwhile with a free proposal, then restores under the slug given", async () => {
    const c = await content();
    await deleteArticle(context(), c.article.id);
    // A new article may take the trashed one's address.
    await db()
      .insert(blogArticles)
      .values({ title: "Nouveau tableau", slug: "tableau-electrique", ...published });
    const item = await trashed(c.article.id);
    const refusal = await restoreFromTrash(context(), item.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TrashSlugTakenError);
    expect(refusal).toMatchObject({ slug: "tableau-electrique", proposal: "tableau-electrique-2" });
    expect(await db().$count(trashItems)).toBe(1);

    await restoreFromTrash(context(), item.id, "tableau-electrique-2");
    expect((await getPublishedArticle("tableau-electrique-2"))?.title).toBe("Tableau électrique");
    expect((await getPublishedArticle("tableau-electrique"))?.title).toBe("Nouveau tableau");
  });

  it("asks for a trashed author back before the article", async () => {
    const c = await content();
    await deleteArticle(context(), c.article.id);
    await deleteArticle(context(), c.sibling.id);
    await deleteAuthor(context(), c.author.id);
    const refusal = await restoreFromTrash(context(), (await trashed(c.article.id)).id).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(TrashDependencyError);
    expect((refusal as Error).message).toBe(
      "L'auteur « Jeanne Martin » de cet article est dans la corbeille : restaurez-le d'abord.",
    );
    await restoreFromTrash(context(), (await trashed(c.author.id)).id);
    await restoreFromTrash(context(), (await trashed(c.article.id)).id);
    expect((await getPublishedArticle("tableau-electrique"))?.authorName).toBe("Jeanne Martin");
  });

  it("purges items older than 30 days once a day, with one audit row telling the count", async () => {
    const c = await content();
    await trashEverything(c);
    await db()
      .update(trashItems)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(trashItems.entityType, "blog_articles"));
    await db()
      .update(trashItems)
      .set({ deletedAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(trashItems.entityType, "projects"));
    expect(await purgeExpiredTrash()).toEqual({ purged: 1 });
    expect((await db().select().from(trashItems)).map((item) => item.entityType)).not.toContain(
      "blog_articles",
    );
    expect(await db().$count(trashItems)).toBe(5);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "trash_purge"));
    expect(audit).toMatchObject({
      actorId: null,
      entityType: "trash_items",
      details: { count: 1, retentionDays: 30 },
    });
    expect(await purgeExpiredTrash()).toEqual({ purged: 0 });
    expect(await db().$count(auditLog, eq(auditLog.action, "trash_purge"))).toBe(1);
  });
});
