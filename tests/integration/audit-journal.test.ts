import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { journalListSpec, parsePosition, type JournalPosition } from "~/lib/admin/audit-journal";
import { parseListQuery, PAGE_SIZE } from "~/lib/list-query";
import { loader as exportLoader } from "~/routes/admin/journal/export";
import { loader as journalLoader } from "~/routes/admin/journal/index";
import { listJournal, type JournalPage } from "~/server/audit/journal.server";
import { mutate } from "~/server/audit/mutation.server";
import { deleteCmsPage } from "~/server/cms/cms-pages.server";
import { db, getPool } from "~/server/db/client.server";
import { auditLabels, auditLog, cmsPages } from "~/server/db/schema";
import { signedInAs } from "../support/signed-in";

let admin: Awaited<ReturnType<typeof signedInAs>>;
let editor: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  admin = await signedInAs("admin", "chef@betic.test");
  editor = await signedInAs("user", "redac@betic.test");
});

beforeEach(async () => {
  await db().execute(
    sql`truncate audit_log, cms_pages, trash_items, content_revisions, slug_redirects cascade`,
  );
});

type Row = Partial<typeof auditLog.$inferInsert>;
const row = (values: Row): typeof auditLog.$inferInsert => ({
  action: "update",
  entityType: "cms_pages",
  ...values,
});

async function page(search: string, position?: JournalPosition): Promise<JournalPage> {
  const params = new URLSearchParams(search);
  return listJournal(parseListQuery(params, journalListSpec), position ?? parsePosition(params));
}

/** Every page from the first by 'Plus anciennes', then back by 'Plus récentes': the ids met. */
async function walk(search: string) {
  const forward: string[][] = [];
  let current = await page(search);
  forward.push(current.entries.map((entry) => entry.id));
  while (current.older) {
    current = await page(`${search}&older=${encodeURIComponent(current.older)}`);
    forward.push(current.entries.map((entry) => entry.id));
  }
  const backward: string[][] = [current.entries.map((entry) => entry.id)];
  while (current.newer) {
    current = await page(`${search}&newer=${encodeURIComponent(current.newer)}`);
    backward.unshift(current.entries.map((entry) => entry.id));
  }
  return { forward, backward };
}

describe("the activity journal", () => {
  it("pages newest first by cursor without skipping or repeating rows written at the same instant", async () => {
    // 70 rows: 40 of them at one microsecond, across the first page boundaries.
    const same = "2026-11-20T10:00:00.123456Z";
    const values = Array.from({ length: 70 }, (_, i) =>
      row({
        entityId: `item-${i}`,
        createdAt:
          i < 15
            ? new Date(Date.parse("2026-11-21T10:00:00Z") - i * 1000)
            : i < 55
              ? undefined
              : new Date(Date.parse("2026-11-19T10:00:00Z") - i * 1000),
      }),
    );
    await db().insert(auditLog).values(values);
    await db().execute(
      sql`update audit_log set created_at = ${same}::timestamptz where created_at > now() - interval '1 hour'`,
    );
    const expected = (
      await db().execute<{ id: string }>(
        sql`select id::text as id from audit_log order by created_at desc, id desc`,
      )
    ).rows.map((r) => r.id);

    const { forward, backward } = await walk("");
    expect(forward.map((ids) => ids.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 20]);
    expect(forward.flat()).toEqual(expected);
    // Back by 'Plus récentes' gives the same pages, and the first page has no 'Plus récentes'.
    expect(backward).toEqual(forward);
    const first = await page("");
    expect(first.newer).toBeNull();
    // Microseconds in the cursor: the 40 rows of one instant all show once.
    expect(new Set(forward.flat()).size).toBe(70);
  });

  it("pages a search both ways, where its text is common and where it is rare", async () => {
    // 3,000 rows, one a second: « Tableau » in every 10th of the newest 1,200, then every 300th.
    const start = Date.parse("2026-11-20T10:00:00Z");
    const values = Array.from({ length: 3000 }, (_, i) =>
      row({
        entityId: `item-${i}`,
        details: { label: (i < 1200 ? i % 10 === 0 : i % 300 === 0) ? `Tableau ${i}` : `Autre ${i}` },
        createdAt: new Date(start - i * 1000),
      }),
    );
    for (let i = 0; i < values.length; i += 500)
      await db()
        .insert(auditLog)
        .values(values.slice(i, i + 500));
    const expected = (
      await db().execute<{ id: string }>(
        sql`select id::text as id from audit_log where details ->> 'label' ilike '%tableau%'
            order by created_at desc, id desc`,
      )
    ).rows.map((r) => r.id);
    expect(expected).toHaveLength(120 + 6);

    const { forward, backward } = await walk("q=tableau");
    expect(forward.map((ids) => ids.length)).toEqual([25, 25, 25, 25, 25, 1]);
    expect(forward.flat()).toEqual(expected);
    expect(backward).toEqual(forward);
  });

  it("searches past the titles it lists: 700 titles found, one row each", async () => {
    const start = Date.parse("2026-11-20T10:00:00Z");
    const values = Array.from({ length: 1000 }, (_, i) =>
      row({
        details: { label: i % 10 < 7 ? `Tableau ${i}` : `Autre ${i}` },
        createdAt: new Date(start - i * 1000),
      }),
    );
    await db().insert(auditLog).values(values);
    const { forward, backward } = await walk("q=tableau");
    expect(forward.flat()).toHaveLength(700);
    expect(new Set(forward.flat()).size).toBe(700);
    expect(backward).toEqual(forward);
    expect((await page("q=tableau 999")).entries).toEqual([]);
    expect((await page("q=tableau 996")).entries.map((entry) => entry.item)).toEqual(["Tableau 996"]);
  });

  it("keeps the searched titles as the rows hold them: written, renamed, erased, deleted", async () => {
    const titles = async () =>
      (await db().select({ label: auditLabels.label }).from(auditLabels).orderBy(auditLabels.label)).map(
        (title) => title.label,
      );
    const [first] = await db()
      .insert(auditLog)
      .values([
        row({ details: { label: "Borne" } }),
        row({ details: { label: "Borne" } }),
        row({ details: {} }),
      ])
      .returning();
    const [other] = await db()
      .insert(auditLog)
      .values(row({ details: { label: "Devis Dupont" } }))
      .returning();
    expect(await titles()).toEqual(["Borne", "Devis Dupont"]);

    // A row renamed: its new title is found, the old one stays while another row keeps it.
    await db()
      .update(auditLog)
      .set({ details: { label: "Borne rapide" } })
      .where(eq(auditLog.id, first!.id));
    expect(await titles()).toEqual(["Borne", "Borne rapide", "Devis Dupont"]);
    // The name taken out of the rows (a GDPR erasure) leaves the search too.
    await db()
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'label'` })
      .where(eq(auditLog.id, other!.id));
    expect(await titles()).toEqual(["Borne", "Borne rapide"]);
    expect((await page("q=dupont")).entries).toEqual([]);
    await db().delete(auditLog).where(eq(auditLog.id, first!.id));
    expect(await titles()).toEqual(["Borne"]);
    await db().execute(sql`truncate audit_log`);
    expect(await titles()).toEqual([]);
  });

  it("never drops a title that a transaction still running writes again", async () => {
    const [kept] = await db()
      .insert(auditLog)
      .values(row({ details: { label: "Borne" } }))
      .returning();
    const writer = await getPool().connect();
    const eraser = await getPool().connect();
    try {
      await writer.query("begin");
      await writer.query(
        `insert into audit_log (action, entity_type, details) values ('update', 'cms_pages', '{"label": "Borne"}')`,
      );
      // The last committed row of that title goes while the new one is not committed yet.
      const erased = eraser.query("delete from audit_log where id = $1", [kept!.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.query("commit");
      await erased;
    } finally {
      writer.release();
      eraser.release();
    }
    expect(await db().select({ label: auditLabels.label }).from(auditLabels)).toEqual([{ label: "Borne" }]);
    expect((await page("q=borne")).entries).toHaveLength(1);
  });

  it("filters by person, the jobs, action, type, Paris days and the item's title", async () => {
    await db()
      .insert(auditLog)
      .values([
        row({
          actorId: admin.user.id,
          actorEmail: "chef@betic.test",
          details: { label: "Mentions légales" },
        }),
        row({
          actorId: editor.user.id,
          actorEmail: "redac@betic.test",
          action: "create",
          entityType: "blog_articles",
          details: { label: "Borne de recharge" },
        }),
        row({ action: "trash_purge", entityType: "trash_items", details: { count: 3 } }),
        // A sign-in typed with an address no account has: a person, not a job.
        row({ actorEmail: "inconnu@example.test", action: "sign_in_failed", entityType: "users" }),
        // 23:30 in UTC on 10 January is 00:30 on the 11th in Paris.
        row({
          actorId: editor.user.id,
          actorEmail: "redac@betic.test",
          action: "delete",
          createdAt: new Date("2026-01-10T23:30:00Z"),
          details: { label: "Ancienne page" },
        }),
        row({
          actorId: editor.user.id,
          actorEmail: "redac@betic.test",
          action: "delete",
          createdAt: new Date("2026-01-10T22:30:00Z"),
          details: { label: "Page du 10" },
        }),
      ]);
    const items = async (search: string) =>
      (await page(search)).entries.map((entry) => entry.item ?? entry.action);

    expect(await items(`person=${editor.user.id}`)).toEqual([
      "Borne de recharge",
      "Ancienne page",
      "Page du 10",
    ]);
    expect(await items("person=system")).toEqual(["trash_purge"]);
    expect(await items("action=create")).toEqual(["Borne de recharge"]);
    expect(await items("type=blog_articles")).toEqual(["Borne de recharge"]);
    expect(await items("from=2026-01-11&to=2026-01-11")).toEqual(["Ancienne page"]);
    expect(await items("to=2026-01-10")).toEqual(["Page du 10"]);
    expect(await items("from=2026-01-11&to=2026-01-12&action=delete")).toEqual(["Ancienne page"]);
    expect(await items("q=légales")).toEqual(["Mentions légales"]);
    expect(await items("q=recharge&person=" + admin.user.id)).toEqual([]);
    // A malformed filter or cursor is no filter: the whole journal, from the top.
    expect(await items("from=hier&older=nonsense")).toHaveLength(6);

    const rows = (await page("")).entries;
    expect(rows.find((entry) => entry.action === "trash_purge")?.who).toBeNull();
    expect(rows.find((entry) => entry.action === "sign_in_failed")?.who).toBe("inconnu@example.test");
    expect(rows.find((entry) => entry.action === "create")?.who).toBe(editor.user.name);
  });

  it("links an item while it exists and keeps its title once it is in the trash", async () => {
    const context = { actor: { id: admin.user.id, email: admin.user.email }, ip: "203.0.113.9" };
    const created = await mutate(context, (m) =>
      m.insert(cmsPages, { title: "Tarifs", slug: "tarifs", content: "<p>Nos tarifs</p>" }),
    );
    await mutate(context, (m) => m.update(cmsPages, created.id, { title: "Tarifs 2027" }));

    let entries = (await page("")).entries;
    expect(entries.map((entry) => [entry.action, entry.item, entry.href, entry.ipAddress])).toEqual([
      ["update", "Tarifs 2027", `/admin/cms/edit/${created.id}`, "203.0.113.9"],
      ["create", "Tarifs", `/admin/cms/edit/${created.id}`, "203.0.113.9"],
    ]);

    await deleteCmsPage(context, created.id);
    entries = (await page("")).entries;
    expect(entries.map((entry) => [entry.action, entry.item, entry.href])).toEqual([
      ["trash", "Tarifs 2027", null],
      ["update", "Tarifs 2027", null],
      ["create", "Tarifs", null],
    ]);
    expect((await page("q=tarifs")).entries).toHaveLength(3);
  });

  it("exports the filtered rows as CSV for Excel: BOM, French labels, quoting, formulas neutralised", async () => {
    await db()
      .insert(auditLog)
      .values([
        row({
          actorId: admin.user.id,
          actorEmail: "chef@betic.test",
          action: "delete",
          details: { label: '=HYPERLINK("http://x.test","clic")' },
          ipAddress: "198.51.100.4",
          createdAt: new Date("2026-06-01T08:05:00Z"),
          changedFields: ["title", "slug"],
        }),
        row({
          action: "retention_purge",
          entityType: "contacts",
          details: { label: "Ligne 1\nLigne 2; « fin »" },
          createdAt: new Date("2026-06-01T07:00:00Z"),
        }),
        row({
          actorEmail: "-2+3@example.test",
          action: "sign_in_failed",
          entityType: "users",
          details: { label: "@SUM(A1)" },
          createdAt: new Date("2026-06-01T06:00:00Z"),
        }),
        row({
          action: "update",
          details: { label: "Hors filtre" },
          createdAt: new Date("2026-05-01T06:00:00Z"),
        }),
      ]);
    const response = await exportLoader({
      request: admin.request("/admin/journal/export?from=2026-06-01"),
      params: {},
      context: {},
    } as never);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="journal-activite-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")).toEqual([
      "Date;Personne;E-mail;Action;Type;Élément;Identifiant;Champs modifiés;Adresse IP",
      `01/06/2026 10:05;${admin.user.name};chef@betic.test;Suppression;Page;"'=HYPERLINK(""http://x.test"",""clic"")";;title, slug;198.51.100.4`,
      `01/06/2026 09:00;Système;;Purge des demandes anciennes;Demande de contact;"Ligne 1\nLigne 2; « fin »";;;`,
      "01/06/2026 08:00;'-2+3@example.test;'-2+3@example.test;Échec de connexion;Utilisateur;'@SUM(A1);;;",
      "",
    ]);
  });

  it("answers 403 to a user-role account, on the screen and on the export", async () => {
    for (const [loader, path] of [
      [journalLoader, "/admin/journal"],
      [exportLoader, "/admin/journal/export"],
    ] as const)
      await expect(
        loader({ request: editor.request(path), params: {}, context: {} } as never),
      ).rejects.toMatchObject({ init: { status: 403 } });
    const allowed = await journalLoader({
      request: admin.request("/admin/journal"),
      params: {},
      context: {},
    } as never);
    expect(allowed.people.map((person) => person.label)).toContain("Système");
  });
});
