import { useTemporaryMediaStorage, type TemporaryMediaStorage } from "../support/media-storage";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/list-query";
import { fromParisInput, toParisInput } from "~/lib/paris-time";
import {
  projectFormSchema,
  projectListSpec,
  projectSubmitErrors,
  type ProjectFormValues,
} from "~/lib/schemas/project";
import { StaleContentError } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import {
  auditLog,
  contentRevisions,
  emailOutbox,
  mediaAssets,
  projectCategories,
  projectCategoryRelations,
  projectImages,
  projects,
  siteSettings,
  trashItems,
  users,
} from "~/server/db/schema";
import { storeImage } from "~/server/media/images.server";
import { variantsSettled } from "~/server/media/stored-variants.server";
import { keyFromMediaUrl } from "~/server/media/storage.server";
import {
  addGalleryImages,
  deleteGalleryImage,
  GalleryError,
  listGallery,
  moveGalleryImage,
  reorderGallery,
  updateGallerySeo,
} from "~/server/projects/gallery.server";
import {
  createProject,
  deleteProject,
  listProjects,
  SlugTakenError,
  updateProject,
} from "~/server/projects/projects.server";
import { quickCreateProject } from "~/server/projects/quick-create.server";
import { purgeTrashItems } from "~/server/trash/trash.server";

let actor: { id: string; email: string };
const context = () => ({ actor, ip: "203.0.113.9" });
let media: TemporaryMediaStorage;

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Chef de chantier", email: "chantier@example.test", role: "user" })
    .returning();
  actor = { id: user!.id, email: user!.email };
  media = await useTemporaryMediaStorage("projects-test");
});

afterAll(async () => {
  await variantsSettled();
  await media.release();
});

beforeEach(async () => {
  await db().execute(
    sql`truncate projects, project_categories, audit_log, content_revisions, email_outbox, media_assets cascade`,
  );
  await db()
    .insert(projectCategories)
    .values([
      { name: "Résidentiel", slug: "residentiel" },
      { name: "Industriel", slug: "industriel" },
    ]);
});

async function photo(color: string, width = 800, height = 600) {
  return storeImage(
    await sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg()
      .toBuffer(),
  );
}

function form(values: Partial<ProjectFormValues> = {}): ProjectFormValues {
  return projectFormSchema.parse({
    title: "Rénovation d'une maison à Panazol",
    location: "Panazol",
    description: "Mise aux normes complète du tableau et des circuits d'une maison de 1965, en site occupé.",
    image: "/media/images/0123456789abcdef01234567-800x600.webp",
    category: "Résidentiel",
    readTime: "5 min",
    status: "draft",
    ...values,
  });
}

describe("project rules (§5)", () => {
  it("gives the on-change messages of the spec", () => {
    const result = projectFormSchema.safeParse({
      title: "ab",
      location: "x",
      description: "court",
      category: "",
      status: "draft",
      canonicalUrl: "pas une url",
      ogImage: "javascript:alert(1)",
      twitterImage: "ftp://x",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      title: "Le titre doit contenir au moins 3 caractères",
      location: "La localisation doit contenir au moins 3 caractères",
      description: "La description doit contenir au moins 10 caractères",
      image: "Une image principale est requise",
      category: "Veuillez sélectionner une catégorie",
      canonicalUrl: "Veuillez entrer une URL canonique valide",
      ogImage: "Veuillez entrer une URL valide pour l'image Open Graph",
      twitterImage: "Veuillez entrer une URL valide pour l'image Twitter",
    });
  });

  it("gives the submit messages for published and scheduled projects", () => {
    const categories = ["Résidentiel"];
    expect(
      projectSubmitErrors(
        { ...form({ status: "published", description: "Mise aux normes." }) },
        { categories },
      ),
    ).toEqual(["Une description d'au moins 50 caractères est requise"]);
    expect(
      projectSubmitErrors({ ...form({ status: "published", category: "Tertiaire" }) }, { categories }),
    ).toEqual([
      `La catégorie "Tertiaire" n'existe pas dans la base de données. Veuillez créer cette catégorie d'abord.`,
    ]);
    expect(projectSubmitErrors({ ...form({ status: "scheduled" }) }, { categories })).toEqual([
      "Une date de publication est requise pour les projets planifiés",
    ]);
    expect(projectSubmitErrors({ ...form({ status: "published" }) }, { categories })).toEqual([]);
  });

  it("reads a datetime-local value as Paris time, winter and summer", () => {
    expect(fromParisInput("2026-01-15T09:30")?.toISOString()).toBe("2026-01-15T08:30:00.000Z");
    expect(fromParisInput("2026-07-15T09:30")?.toISOString()).toBe("2026-07-15T07:30:00.000Z");
    expect(toParisInput(new Date("2026-07-15T07:30:00Z"))).toBe("2026-07-15T09:30");
    expect(fromParisInput("2026-02-31T10:00")).toBeNull();
    expect(fromParisInput("demain")).toBeNull();
  });
});

describe("project list (§2.9)", () => {
  beforeEach(async () => {
    await db()
      .insert(projects)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          title: i % 3 === 0 ? `Usine de découpe ${i}` : `Maison ${i}`,
          slug: `projet-${i}`,
          category: i % 3 === 0 ? "Industriel" : "Résidentiel",
          location: "Limoges",
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      );
  });

  const list = (search: string) => listProjects(parseListQuery(search, projectListSpec));

  it("pages newest first", async () => {
    const first = await list("");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.items[0]!.title).toBe("Maison 29");
    expect((await list("page=2")).items).toHaveLength(5);
  });

  it("searches the title or the category, case and wildcards aside", async () => {
    expect((await list("q=USINE")).total).toBe(10);
    expect((await list("q=industriel")).total).toBe(10);
    expect((await list("q=100%25")).total).toBe(0);
  });

  it("filters by category slug; an unknown slug finds nothing", async () => {
    expect((await list("category=residentiel")).total).toBe(20);
    expect((await list("category=residentiel&q=maison 2")).items.map((p) => p.title)).toContain("Maison 2");
    expect((await list("category=inconnue")).total).toBe(0);
  });
});

describe("create and update (§2.10, §4)", () => {
  it("creates: slug from the title, category link, publication now, audit, revision, notice", async () => {
    const before = Date.now();
    const project = await createProject(context(), form({ status: "published" }));
    expect(project.slug).toBe("renovation-dune-maison-a-panazol");
    expect(project.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [link] = await db()
      .select({ name: projectCategories.name })
      .from(projectCategoryRelations)
      .innerJoin(projectCategories, eq(projectCategories.id, projectCategoryRelations.categoryId))
      .where(eq(projectCategoryRelations.projectId, project.id));
    expect(link?.name).toBe("Résidentiel");
    expect(await db().$count(auditLog, eq(auditLog.entityId, project.id))).toBe(1);
    expect(await db().$count(contentRevisions, eq(contentRevisions.entityId, project.id))).toBe(1);

    const [notice] = await db().select().from(emailOutbox);
    expect(notice).toMatchObject({
      templateName: "project_creation",
      toAddress: "contact@betic-electricite.fr",
    });
    expect(notice!.subject).toBe("Nouveau projet créé : Rénovation d'une maison à Panazol");
    expect(notice!.textBody).toContain("Localisation : Panazol");
    expect(notice!.textBody).toContain("Catégorie : Résidentiel");
    expect(notice!.textBody).toContain("Créé par : chantier@example.test");
    expect(notice!.htmlBody).toContain("Rénovation d&#39;une maison à Panazol");

    // A second project of the same title gets its own address.
    expect((await createProject(context(), form())).slug).toBe("renovation-dune-maison-a-panazol-2");
  });

  it("sends the notice to the settings' project address when set", async () => {
    await db().update(siteSettings).set({ projectNotificationEmail: "chantiers@example.test" });
    try {
      await createProject(context(), form({ title: "<b>Borne</b> de recharge" }));
      const [notice] = await db().select().from(emailOutbox);
      expect(notice!.toAddress).toBe("chantiers@example.test");
      expect(notice!.htmlBody).toContain("&lt;b&gt;Borne");
      expect(notice!.htmlBody).not.toContain("<b>");
    } finally {
      await db().update(siteSettings).set({ projectNotificationEmail: null });
    }
  });

  it("keeps the first publication date, schedules in Paris time, refuses a stale save", async () => {
    const created = await createProject(context(), form({ status: "published" }));
    const firstPublished = created.publishedAt!;
    const unpublished = await updateProject(
      context(),
      created.id,
      form({ status: "draft", updatedAt: created.updatedAt.toISOString() }),
    );
    const republished = await updateProject(
      context(),
      created.id,
      form({ status: "published", updatedAt: unpublished.updatedAt.toISOString() }),
    );
    expect(republished.publishedAt!.getTime()).toBe(firstPublished.getTime());

    const scheduled = await updateProject(
      context(),
      created.id,
      form({
        status: "scheduled",
        scheduledDate: "2030-06-01T08:00",
        updatedAt: republished.updatedAt.toISOString(),
      }),
    );
    expect(scheduled.scheduledAt!.toISOString()).toBe("2030-06-01T06:00:00.000Z");

    await expect(
      updateProject(
        context(),
        created.id,
        form({ title: "Ancienne version", updatedAt: created.updatedAt.toISOString() }),
      ),
    ).rejects.toBeInstanceOf(StaleContentError);
  });

  it("refuses a slug typed by hand that another project holds", async () => {
    await createProject(context(), form({ title: "Borne de recharge" }));
    await expect(createProject(context(), form({ slug: "borne-de-recharge" }))).rejects.toBeInstanceOf(
      SlugTakenError,
    );
  });
});

describe("quick creation (§4, §7, §9)", () => {
  it("makes a '[A REDIGER]' draft: first photo main, the next ones the gallery from 1", async () => {
    const [a, b, c] = await Promise.all([photo("#a00"), photo("#0a0"), photo("#00a")]);
    const { project, failed } = await quickCreateProject(context(), {
      title: "Tableau Couzeix",
      photos: [{ url: a.url }, { error: "Type de fichier invalide" }, { url: b.url }, { url: c.url }],
    });
    expect(failed).toBe(1);
    expect(project).toMatchObject({
      title: "[A REDIGER] Tableau Couzeix",
      slug: "tableau-couzeix",
      status: "draft",
      mainImage: a.url,
    });
    expect((await listGallery(project.id)).map((image) => [image.imageUrl, image.displayOrder])).toEqual([
      [b.url, 1],
      [c.url, 2],
    ]);
    expect(await db().$count(emailOutbox)).toBe(1);
  });

  it("keeps the project when no photo could be stored", async () => {
    const { project, failed } = await quickCreateProject(context(), {
      title: "Sans photo",
      photos: [{ error: "Type de fichier invalide" }],
    });
    expect(failed).toBe(1);
    expect(project.mainImage).toBeNull();
  });
});

describe("gallery (§2.11, §4)", () => {
  async function galleryOf(count: number) {
    const project = await createProject(context(), form());
    const images = await Promise.all(Array.from({ length: count }, (_, i) => photo(`#${i}${i}${i}`)));
    await addGalleryImages(
      context(),
      project.id,
      images.map((image, i) => ({ url: image.url, altText: `photo-${i}.jpg - image ${i + 1}` })),
    );
    const ids = async () => (await listGallery(project.id)).map((image) => image.altText);
    return { project, images, ids };
  }

  it("adds at the end, also when uploads of a batch arrive together", async () => {
    const { project, images } = await galleryOf(2);
    const extra = await Promise.all([photo("#123"), photo("#456"), photo("#789")]);
    await Promise.all(extra.map((image) => addGalleryImages(context(), project.id, [{ url: image.url }])));
    const orders = (await listGallery(project.id)).map((image) => image.displayOrder);
    expect(orders).toEqual([0, 1, 2, 3, 4]);
    expect((await listGallery(project.id))[0]!.imageUrl).toBe(images[0]!.url);
  });

  it("moves up and down, renumbering from 0; the ends cannot move out", async () => {
    const { project, ids } = await galleryOf(3);
    const rows = await listGallery(project.id);
    await moveGalleryImage(context(), project.id, rows[2]!.id, "up");
    expect(await ids()).toEqual(["photo-0.jpg - image 1", "photo-2.jpg - image 3", "photo-1.jpg - image 2"]);
    expect((await listGallery(project.id)).map((image) => image.displayOrder)).toEqual([0, 1, 2]);
    await expect(moveGalleryImage(context(), project.id, rows[0]!.id, "up")).rejects.toThrow(
      "La première image ne peut pas monter",
    );
    await expect(moveGalleryImage(context(), project.id, rows[1]!.id, "down")).rejects.toThrow(
      "La dernière image ne peut pas descendre",
    );
  });

  it("takes a whole new order, and refuses one that is not the gallery", async () => {
    const { project, ids } = await galleryOf(3);
    const rows = await listGallery(project.id);
    await reorderGallery(context(), project.id, [rows[2]!.id, rows[0]!.id, rows[1]!.id]);
    expect(await ids()).toEqual(["photo-2.jpg - image 3", "photo-0.jpg - image 1", "photo-1.jpg - image 2"]);
    await expect(
      reorderGallery(context(), project.id, [rows[0]!.id, rows[0]!.id, rows[1]!.id]),
    ).rejects.toBeInstanceOf(GalleryError);
    await expect(reorderGallery(context(), project.id, [rows[0]!.id])).rejects.toBeInstanceOf(GalleryError);
  });

  it("bulk SEO changes only the filled fields of the selected images", async () => {
    const { project } = await galleryOf(3);
    const rows = await listGallery(project.id);
    await db()
      .update(projectImages)
      .set({ seoKeywords: "avant" })
      .where(eq(projectImages.projectId, project.id));
    const changed = await updateGallerySeo(context(), project.id, {
      imageIds: [rows[0]!.id, rows[1]!.id],
      seoDescription: "Tableau électrique neuf",
    });
    expect(changed).toBe(2);
    const after = await listGallery(project.id);
    expect(after.map((image) => [image.altText, image.seoDescription, image.seoKeywords])).toEqual([
      ["photo-0.jpg - image 1", "Tableau électrique neuf", "avant"],
      ["photo-1.jpg - image 2", "Tableau électrique neuf", "avant"],
      ["photo-2.jpg - image 3", null, "avant"],
    ]);
    await expect(updateGallerySeo(context(), project.id, { imageIds: [rows[0]!.id] })).rejects.toThrow(
      "Aucune donnée saisie",
    );
    await expect(updateGallerySeo(context(), project.id, { imageIds: [], altText: "x" })).rejects.toThrow(
      "Aucune image sélectionnée",
    );
  });

  it("deletes an image, closes the gap and removes its file when unused", async () => {
    const { project, images } = await galleryOf(3);
    const rows = await listGallery(project.id);
    await deleteGalleryImage(context(), project.id, rows[1]!.id);
    expect((await listGallery(project.id)).map((image) => image.displayOrder)).toEqual([0, 1]);
    expect(await media.driver.exists(keyFromMediaUrl(images[1]!.url)!)).toBe(false);
    expect(await media.driver.exists(keyFromMediaUrl(images[0]!.url)!)).toBe(true);
  });
});

describe("delete (§2.9, to the trash since issue 21)", () => {
  it("moves the project and its gallery to the trash; the purge deletes the files nothing else uses", async () => {
    const [main, shared, own] = await Promise.all([photo("#a1a"), photo("#b2b"), photo("#c3c")]);
    const project = await createProject(context(), form({ image: main.url }));
    await addGalleryImages(context(), project.id, [{ url: shared.url }, { url: own.url }]);
    const other = await createProject(context(), form({ title: "Autre chantier", image: shared.url }));
    // Both gallery photos came through the media library.
    await db()
      .insert(mediaAssets)
      .values([shared, own].map((image) => ({ url: image.url, uploadedBy: actor.id })));

    await deleteProject(context(), project.id);
    expect(await db().$count(projectImages, eq(projectImages.projectId, project.id))).toBe(0);
    expect(await db().$count(projects, eq(projects.id, project.id))).toBe(0);
    for (const image of [main, shared, own])
      expect(await media.driver.exists(keyFromMediaUrl(image.url)!)).toBe(true);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "trash"));
    expect(audit).toMatchObject({ entityType: "projects", entityId: project.id });

    const [item] = await db().select().from(trashItems).where(eq(trashItems.entityId, project.id));
    await purgeTrashItems(context(), [item!.id]);
    expect(await media.driver.exists(keyFromMediaUrl(main.url)!)).toBe(false);
    // The library's images stay in the library, for another use.
    expect(await media.driver.exists(keyFromMediaUrl(own.url)!)).toBe(true);
    expect(await media.driver.exists(keyFromMediaUrl(shared.url)!)).toBe(true);
    expect(other.mainImage).toBe(shared.url);
  });
});
