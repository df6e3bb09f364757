import { useTemporaryMediaStorage, type TemporaryMediaStorage } from "../support/media-storage";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MediaAsset, UploadAnswer } from "~/lib/admin/media";
import { action as mediaApi } from "~/routes/admin/api/media";
import { action as screenAction, loader as screenLoader } from "~/routes/admin/media/index";
import { db } from "~/server/db/client.server";
import {
  auditLog,
  blogArticles,
  blogAuthors,
  cmsPages,
  emailTemplates,
  expertiseBlocks,
  mediaAssets,
  projectImages,
  projects,
  siteSettings,
} from "~/server/db/schema";
import { keyFromMediaUrl } from "~/server/media/storage.server";
import { getToast } from "~/server/toast.server";
import { signedInAs } from "../support/signed-in";

/* The media library screen (/admin/media): where each image is used, and deletion refused while it is. */

let media: TemporaryMediaStorage;
let editor: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  media = await useTemporaryMediaStorage("library-screen");
  editor = await signedInAs("user");
});

afterAll(async () => {
  await media.release();
});

beforeEach(async () => {
  await db().execute(
    sql`truncate media_assets, blog_articles, blog_authors, projects, expertise_blocks, cms_pages, audit_log cascade`,
  );
});

const context = { clientIp: "203.0.113.9" } as never;

let colour = 0;
/** A new picture (a colour never used before), uploaded through the back office's endpoint. */
async function uploaded(name: string): Promise<MediaAsset> {
  colour += 40;
  const input = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: colour % 256, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();
  const body = new FormData();
  body.set("intent", "upload");
  body.set("file", new Blob([new Uint8Array(input)]), name);
  const response = (await mediaApi({
    request: editor.request("/admin/api/media", { method: "POST", body }),
    context,
    params: {},
  } as never)) as { data: UploadAnswer };
  if (!("asset" in response.data)) throw new Error(JSON.stringify(response.data));
  return response.data.asset;
}

async function screen(search = "") {
  const answer = await screenLoader({
    request: editor.request(`/admin/media${search}`),
    context,
    params: {},
  } as never);
  return answer.media;
}

/** Posts the screen's delete confirmation; returns the redirect and the toast it carries. */
async function confirmDelete(id: string) {
  const response = (await screenAction({
    request: editor.request("/admin/media?q=x", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id }),
    }),
    context,
    params: {},
  } as never)) as Response;
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return { status: response.status, location: response.headers.get("Location"), toast };
}

const stored = (asset: MediaAsset) => media.driver.exists(keyFromMediaUrl(asset.url)!);
const variant = (asset: MediaAsset) => asset.url.replace(".webp", "-320.webp");

describe("the library screen", () => {
  it("shows, for each image, every row and column that uses it", async () => {
    const used = await uploaded("chantier.png");
    const unused = await uploaded("inutile.png");

    const [project] = await db()
      .insert(projects)
      .values({
        title: "Rénovation d'une longère",
        slug: "renovation-longere",
        mainImage: used.url,
        ogImage: used.url,
        results: `<p><img src="${variant(used)}" alt=""></p>`,
      })
      .returning();
    const [other] = await db().insert(projects).values({ title: "Atelier", slug: "atelier" }).returning();
    await db()
      .insert(projectImages)
      .values([
        { projectId: other!.id, imageUrl: used.url },
        { projectId: other!.id, imageUrl: used.url, displayOrder: 1 },
      ]);
    const [article] = await db()
      .insert(blogArticles)
      .values({
        title: "Le Linky expliqué",
        slug: "linky",
        twitterImage: used.url,
        content: `<img src="${variant(used)}">`,
      })
      .returning();
    await db().insert(blogAuthors).values({ name: "Julie Martin", avatarUrl: used.url });
    await db()
      .insert(expertiseBlocks)
      .values({ title: "Domotique", description: "Maison connectée", customIconUrl: used.url });
    await db()
      .insert(cmsPages)
      .values({
        title: "Mentions légales",
        slug: "mentions",
        content: `<img srcset="https://www.betic.fr${variant(used)} 320w, ${used.url} 400w">`,
      });
    const [settings] = await db().select({ id: siteSettings.id }).from(siteSettings);
    if (settings) await db().update(siteSettings).set({ companyLogo: used.url });
    else await db().insert(siteSettings).values({ companyLogo: used.url });
    const [template] = await db().select().from(emailTemplates).limit(1);

    const page = await screen();
    expect(page.items.map((item) => item.originalName)).toEqual(["inutile.png", "chantier.png"]);
    expect(page.items[0]!.usages).toEqual([]);
    expect(page.items[1]!.uploaderEmail).toBe(editor.user.email);
    const usages = page.items[1]!.usages.map(({ entityType, label, fields }) => ({
      entityType,
      label,
      fields,
    }));
    expect(usages).toEqual(
      expect.arrayContaining([
        {
          entityType: "projects",
          label: "Rénovation d'une longère",
          fields: ["mainImage", "ogImage", "results"],
        },
        { entityType: "projects", label: "Atelier", fields: ["gallery"] },
        { entityType: "blog_articles", label: "Le Linky expliqué", fields: ["content", "twitterImage"] },
        { entityType: "blog_authors", label: "Julie Martin", fields: ["avatar"] },
        { entityType: "expertise_blocks", label: "Domotique", fields: ["customIcon"] },
        { entityType: "cms_pages", label: "Mentions légales", fields: ["content"] },
        { entityType: "site_settings", label: "Paramètres du site", fields: ["logo"] },
      ]),
    );
    expect(usages).toHaveLength(7);
    expect(page.items[1]!.usages.find((u) => u.label === "Le Linky expliqué")!.id).toBe(article!.id);
    expect(page.items[1]!.usages.find((u) => u.fields.includes("mainImage"))!.id).toBe(project!.id);

    // An e-mail template quoting the image uses it too (the templates are reference data).
    expect(template).toBeDefined();
    {
      await db()
        .update(emailTemplates)
        .set({ htmlContent: `${template.htmlContent}<img src="${used.url}">` })
        .where(eq(emailTemplates.id, template.id));
      const again = await screen("?q=chantier");
      expect(again.total).toBe(1);
      expect(again.items[0]!.usages).toContainEqual(
        expect.objectContaining({ entityType: "email_templates", label: template.name, fields: ["html"] }),
      );
      await db()
        .update(emailTemplates)
        .set({ htmlContent: template.htmlContent })
        .where(eq(emailTemplates.id, template.id));
    }
    expect(unused.url).not.toBe(used.url);
  });

  it("refuses to delete an image in use, saying where, and keeps it; deletes an unused one with its files", async () => {
    const asset = await uploaded("facade.png");
    await db()
      .insert(expertiseBlocks)
      .values({ title: "Éclairage", description: "LED", imageUrl: asset.url });

    const refused = await confirmDelete(asset.id);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/admin/media?q=x");
    expect(refused.toast).toMatchObject({
      type: "error",
      title: "Impossible de supprimer",
      description:
        "Cette image est utilisée par 1 contenu : « Éclairage ». Retirez-la de ces contenus avant de la supprimer.",
    });
    expect(await db().$count(mediaAssets)).toBe(1);
    expect(await stored(asset)).toBe(true);
    expect(await media.driver.exists(keyFromMediaUrl(variant(asset))!)).toBe(true);

    await db().delete(expertiseBlocks);
    const done = await confirmDelete(asset.id);
    expect(done.toast).toMatchObject({ type: "success", title: "Image supprimée" });
    expect(await db().$count(mediaAssets)).toBe(0);
    expect(await stored(asset)).toBe(false);
    expect(await media.driver.exists(keyFromMediaUrl(variant(asset))!)).toBe(false);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, asset.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["delete", "upload"]);

    // Already gone (another tab deleted it): said in French, nothing breaks.
    const gone = await confirmDelete(asset.id);
    expect(gone.toast).toMatchObject({ type: "error", description: "Cette image n'existe plus." });
  });

  it("counts a reference to one of the image's sizes as a use", async () => {
    const asset = await uploaded("tableau.png");
    const [project] = await db().insert(projects).values({ title: "Tableau", slug: "tableau" }).returning();
    await db()
      .insert(projectImages)
      .values({ projectId: project!.id, imageUrl: variant(asset) });
    const refused = await confirmDelete(asset.id);
    expect(refused.toast?.description).toContain("« Tableau »");
    expect(await stored(asset)).toBe(true);
  });
});
