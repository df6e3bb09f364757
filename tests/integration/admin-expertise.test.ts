import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expertiseFormSchema } from "~/lib/schemas/expertise";
import { listExpertiseBlocks } from "~/server/expertise/published.server";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import {
  createBlock,
  deleteBlock,
  listBlocks,
  reorderBlocks,
  updateBlock,
} from "~/server/expertise/blocks.server";

let actor: { id: string; email: string };
const context = () => ({ actor, ip: null });

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Équipe", email: "equipe@example.test", role: "user" })
    .returning();
  actor = { id: user!.id, email: user!.email };
});

beforeEach(async () => {
  await db().execute(sql`truncate expertise_blocks, audit_log`);
});

const block = (values: Record<string, unknown>) =>
  expertiseFormSchema.parse({ description: "Installations neuves et rénovation", ...values });

describe("expertise blocks (§2.13, §4, §5)", () => {
  it("applies the dialog's rules: required fields, fallbacks, the custom-icon toggle", () => {
    const missing = expertiseFormSchema.safeParse({ title: "", description: "" });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      "Veuillez remplir tous les champs obligatoires",
      "Veuillez remplir tous les champs obligatoires",
    ]);
    expect(
      block({ title: "Solaire", size: "huge", iconName: "Rocket", backgroundColor: "bg-[url(x)]" }),
    ).toMatchObject({
      size: "medium",
      iconName: "Home",
      backgroundColor: "bg-card",
      textColor: "text-foreground",
      isFeatured: false,
      imageUrl: null,
    });
    expect(block({ title: "A", customIconUrl: "/media/images/a.webp" }).customIconUrl).toBeNull();
    expect(
      block({ title: "A", useCustomIcon: true, customIconUrl: "/media/images/a.webp" }).customIconUrl,
    ).toBe("/media/images/a.webp");
  });

  it("adds at display_order = count, searches, reorders, closes gaps on delete; the home page follows", async () => {
    const a = await createBlock(context(), block({ title: "Résidentiel", iconName: "Home" }));
    const b = await createBlock(
      context(),
      block({ title: "Photovoltaïque", iconName: "Sun", description: "Panneaux" }),
    );
    const c = await createBlock(context(), block({ title: "Industrie", iconName: "Factory" }));
    expect([a.displayOrder, b.displayOrder, c.displayOrder]).toEqual([0, 1, 2]);

    expect((await listBlocks("panneaux")).map((row) => row.title)).toEqual(["Photovoltaïque"]);
    expect((await listBlocks("RÉSID")).map((row) => row.title)).toEqual(["Résidentiel"]);

    await reorderBlocks(context(), [c.id, a.id, b.id]);
    expect((await listExpertiseBlocks()).map((row) => row.title)).toEqual([
      "Industrie",
      "Résidentiel",
      "Photovoltaïque",
    ]);
    await expect(reorderBlocks(context(), [c.id, a.id])).rejects.toThrow();

    await updateBlock(
      context(),
      a.id,
      block({ title: "Habitat", iconName: "Building", size: "large", isFeatured: true }),
    );
    await deleteBlock(context(), c.id);
    const rows = await listBlocks();
    expect(rows.map((row) => [row.title, row.displayOrder, row.size])).toEqual([
      ["Habitat", 0, "large"],
      ["Photovoltaïque", 1, "medium"],
    ]);
    const d = await createBlock(context(), block({ title: "Bornes" }));
    expect(d.displayOrder).toBe(2);
  });
});
