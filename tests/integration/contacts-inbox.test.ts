import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { parseListQuery } from "~/lib/list-query";
import { contactListSpec } from "~/lib/schemas/contacts";
import { db } from "~/server/db/client.server";
import { throughIndexes } from "~/server/db/list.server";
import { auditLabels, auditLog, contactNotes, contacts, emailOutbox, users } from "~/server/db/schema";
import {
  addContactNote,
  contactsWhere,
  countContacts,
  eraseContact,
  eraseSpam,
  getContact,
  getStaffNotifications,
  listContacts,
  setContactStatus,
} from "~/server/contacts/inbox.server";
import { contactsCsv } from "~/server/contacts/export.server";
import { MissingRowError } from "~/server/audit/mutation.server";

let actor: { id: string; email: string };
const context = () => ({ actor, ip: "203.0.113.7" });
const query = (search: string) => parseListQuery(search, contactListSpec);

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    // An administrator: the erasures below are theirs only (decision 024).
    .values({ name: "Accueil", email: "accueil@example.test", role: "admin" })
    .returning();
  actor = { id: user!.id, email: user!.email };
});

beforeEach(async () => {
  await db().execute(sql`truncate contacts, audit_log cascade`);
});

async function seed() {
  const base = Date.parse("2026-03-01T09:00:00Z");
  const rows = [
    {
      name: "Élodie Martin",
      email: "elodie@example.fr",
      subject: "Tableau électrique",
      message: "Remise aux normes 100% urgente",
      serviceType: "renovation",
    },
    {
      name: "Jean O'Brien",
      email: "jean.obrien@example.fr",
      subject: "Prise extérieure",
      message: "Installer une prise",
      serviceType: "installation",
    },
    {
      name: "Paul_Durand",
      email: "paul@example.fr",
      subject: "Panne",
      message: "Plus de courant depuis hier",
      serviceType: "depannage",
      status: "completed",
    },
    {
      name: '=HYPERLINK("http://x")',
      email: "x@example.fr",
      subject: "Devis; chauffage",
      message: "Ligne 1\nLigne 2 « guillemets »",
      serviceType: "autre",
      status: "in_progress",
    },
  ];
  const inserted = await db()
    .insert(contacts)
    .values(
      rows.map((row, index) => ({
        ...row,
        phone: "+33 6 12 34 56 78",
        createdAt: new Date(base + index * 60_000),
      })),
    )
    .returning();
  return inserted;
}

describe("inbox list", () => {
  it("searches name, e-mail, subject, message and service in SQL, newest first", async () => {
    await seed();
    const names = async (search: string) =>
      (await listContacts(query(search))).items.map((item) => item.name);
    expect(await names("")).toHaveLength(4);
    expect((await names(""))[0]).toBe('=HYPERLINK("http://x")');
    expect(await names("q=ÉLODIE")).toEqual(["Élodie Martin"]);
    expect(await names("q=élodie")).toEqual(["Élodie Martin"]);
    expect(await names("q=obrien@")).toEqual(["Jean O'Brien"]);
    expect(await names("q=prise")).toEqual(["Jean O'Brien"]);
    expect(await names("q=courant")).toEqual(["Paul_Durand"]);
    expect(await names("q=rénovation")).toEqual(["Élodie Martin"]);
    expect(await names("q=depannage")).toEqual(["Paul_Durand"]);
  });

  it("takes quotes, %, _ and 10,000 characters as text, never as an error", async () => {
    await seed();
    const names = async (q: string) =>
      (await listContacts(query(new URLSearchParams({ q }).toString()))).items.map((item) => item.name);
    expect(await names("O'Brien")).toEqual(["Jean O'Brien"]);
    expect(await names("100%")).toEqual(["Élodie Martin"]);
    expect(await names("%")).toEqual(["Élodie Martin"]);
    expect(await names("_")).toEqual(["Paul_Durand"]);
    expect(await names('"')).toEqual(['=HYPERLINK("http://x")']);
    expect(await names("x".repeat(10_000))).toEqual([]);
    expect(await names("'; drop table contacts; --")).toEqual([]);
  });

  it("filters by status and pages through the URL", async () => {
    await seed();
    expect((await listContacts(query("status=completed"))).items.map((item) => item.name)).toEqual([
      "Paul_Durand",
    ]);
    expect((await listContacts(query("status=nope"))).total).toBe(4);
    await db()
      .insert(contacts)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          name: `Client ${index}`,
          email: `c${index}@example.fr`,
          message: "Bonjour",
        })),
      );
    const second = await listContacts(query("page=2"));
    expect(second).toMatchObject({ total: 34, page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(9);
    expect((await listContacts(query("page=999"))).page).toBe(2);
  });

  it("counts a search through the trigram indexes, never by reading the whole table", async () => {
    await seed();
    const where = contactsWhere(query("q=durand"));
    const plan = async (run: (statement: SQL) => Promise<{ rows: Record<string, unknown>[] }>) =>
      JSON.stringify(
        (await run(sql`explain (format json) select count(*) from ${contacts} where ${where}`)).rows,
      );
    // On a few rows the planner reads the table; inside `throughIndexes` it takes the indexes.
    expect(await plan((statement) => db().execute(statement))).toContain("Seq Scan");
    const indexed = await throughIndexes((tx) => plan((statement) => tx.execute(statement)));
    expect(indexed).toContain("contacts_name_trgm_idx");
    expect(indexed).not.toContain("Seq Scan");
    expect((await listContacts(query("q=durand"))).total).toBe(1);
  });
});

describe("inbox changes", () => {
  it("changes a status idempotently, restarting the retention clock once, with an audit row", async () => {
    const [first, second] = await seed();
    const before = first!.statusChangedAt;
    expect(await setContactStatus(context(), [first!.id], "in_progress")).toBe(1);
    const [changed] = await db().select().from(contacts).where(eq(contacts.id, first!.id));
    expect(changed!.status).toBe("in_progress");
    expect(changed!.statusChangedAt.getTime()).toBeGreaterThan(before.getTime());

    // The same change again: nothing moves, no audit row.
    expect(await setContactStatus(context(), [first!.id], "in_progress")).toBe(0);
    const [again] = await db().select().from(contacts).where(eq(contacts.id, first!.id));
    expect(again!.statusChangedAt).toEqual(changed!.statusChangedAt);

    // In bulk, only those not already there change.
    expect(await setContactStatus(context(), [first!.id, second!.id], "in_progress")).toBe(1);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "status"));
    expect(audits.map((row) => row.entityId).sort()).toEqual([first!.id, second!.id].sort());
    expect(audits[0]).toMatchObject({ actorEmail: "accueil@example.test", entityType: "contacts" });
  });

  it("keeps notes with their author and date, and erases a request with all it holds", async () => {
    const [contact] = await seed();
    await addContactNote(context(), contact!.id, "Rappeler jeudi");
    await db().insert(emailOutbox).values({
      contactId: contact!.id,
      toAddress: contact!.email,
      subject: "Confirmation",
      htmlBody: "<p>Élodie</p>",
      textBody: "Élodie",
    });
    // An earlier row named the request (a trip to the trash keeps its title as the label).
    await db()
      .insert(auditLog)
      .values({
        action: "trash",
        entityType: "contacts",
        entityId: contact!.id,
        details: { label: contact!.name },
      });
    // The journal's search knows the name from that row.
    const namedTitles = () => db().$count(auditLabels, eq(auditLabels.label, contact!.name));
    expect(await namedTitles()).toBe(1);
    const detail = await getContact(contact!.id);
    expect(detail!.message).toBe("Remise aux normes 100% urgente");
    expect(detail!.notes).toEqual([
      expect.objectContaining({ body: "Rappeler jeudi", authorEmail: "accueil@example.test" }),
    ]);

    await eraseContact(context(), contact!.id);
    expect(await getContact(contact!.id)).toBeNull();
    expect(await db().$count(contactNotes, eq(contactNotes.contactId, contact!.id))).toBe(0);
    expect(await db().$count(emailOutbox, eq(emailOutbox.contactId, contact!.id))).toBe(0);
    const [erased] = await db().select().from(auditLog).where(eq(auditLog.action, "erase"));
    expect(erased).toMatchObject({ entityId: contact!.id, details: null });
    expect(JSON.stringify(erased)).not.toContain("lodie");
    // Every row about it stays, without the visitor's name.
    const trail = await db().select().from(auditLog).where(eq(auditLog.entityId, contact!.id));
    expect(trail.map((row) => row.action).sort()).toEqual(["erase", "trash"]);
    expect(JSON.stringify(trail)).not.toContain("lodie");
    expect(await namedTitles()).toBe(0);

    await expect(eraseContact(context(), contact!.id)).rejects.toBeInstanceOf(MissingRowError);
    await expect(addContactNote(context(), contact!.id, "x")).rejects.toBeInstanceOf(MissingRowError);
  });

  it("summarises new requests for the header", async () => {
    await seed();
    const summary = await getStaffNotifications();
    expect(summary.count).toBe(2);
    expect(summary.latest.map((item) => item.name)).toEqual(["Jean O'Brien", "Élodie Martin"]);
  });
});

describe("request counts", () => {
  /** The counts as the inbox reads them, beside a count of the rows themselves. */
  async function counts() {
    const statuses = ["new", "in_progress", "completed", "archived"] as const;
    const kept = [await countContacts(), ...(await Promise.all(statuses.map((s) => countContacts(s))))];
    const counted = [
      await db().$count(contacts),
      ...(await Promise.all(statuses.map((s) => db().$count(contacts, eq(contacts.status, s))))),
    ];
    return { kept, counted };
  }

  it("follow every insert, status change, erasure, retention delete and truncation", async () => {
    const [first, second, third] = await seed();
    expect(await counts()).toEqual({ kept: [4, 2, 1, 1, 0], counted: [4, 2, 1, 1, 0] });

    await setContactStatus(context(), [first!.id, second!.id, third!.id], "archived");
    await db().update(contacts).set({ subject: "Autre objet" }).where(eq(contacts.id, first!.id));
    expect(await counts()).toEqual({ kept: [4, 0, 1, 0, 3], counted: [4, 0, 1, 0, 3] });

    await eraseContact(context(), first!.id);
    await db().delete(contacts).where(eq(contacts.status, "archived"));
    expect(await counts()).toEqual({ kept: [1, 0, 1, 0, 0], counted: [1, 0, 1, 0, 0] });
    expect((await listContacts(query(""))).total).toBe(1);
    expect((await getStaffNotifications()).count).toBe(0);

    // A change rolled back leaves the counts as they were.
    await db()
      .transaction(async (tx) => {
        await tx.insert(contacts).values({ name: "Annulé", email: "a@example.fr", message: "x" });
        tx.rollback();
      })
      .catch(() => {});
    expect(await counts()).toEqual({ kept: [1, 0, 1, 0, 0], counted: [1, 0, 1, 0, 0] });
    await db().execute(sql`truncate contacts cascade`);
    expect(await counts()).toEqual({ kept: [0, 0, 0, 0, 0], counted: [0, 0, 0, 0, 0] });
  });
});

describe("CSV export", () => {
  async function csvOf(search: string) {
    return Buffer.from(await new Response(contactsCsv(query(search))).arrayBuffer());
  }

  it("is UTF-8 with a BOM, semicolons, one row per request, formulas defused, filtered like the list", async () => {
    await seed();
    const bytes = await csvOf("");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Date;Nom;Email;Téléphone;Service;Objet;Message;Statut;Page d'origine");
    expect(text).toContain("Élodie Martin");
    expect(text).toContain("Rénovation électrique");
    // The message with a line break and the subject with a semicolon stay in one quoted record.
    expect(text).toContain('"Ligne 1\nLigne 2 « guillemets »"');
    expect(text).toContain('"Devis; chauffage"');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain("'+33 6 12 34 56 78");
    expect(lines.filter((line) => /^\d\d\/\d\d\/\d{4} \d\d:\d\d;/.test(line))).toHaveLength(4);

    const filtered = (await csvOf("status=completed")).toString("utf8");
    expect(filtered).toContain("Paul_Durand");
    expect(filtered).not.toContain("Élodie");
  });

  it("reads past one batch without losing or repeating a row", async () => {
    const at = new Date("2026-01-01T10:00:00Z");
    // Same instant for all: the id breaks the ties, and the keyset must follow it.
    await db()
      .insert(contacts)
      .values(
        Array.from({ length: 2_100 }, (_, index) => ({
          name: `N${index}`,
          email: `n${index}@example.fr`,
          message: "m",
          createdAt: at,
        })),
      );
    const lines = (await csvOf("")).toString("utf8").split("\r\n").filter(Boolean);
    const names = lines.slice(1).map((line) => line.split(";")[1]);
    expect(names).toHaveLength(2_100);
    expect(new Set(names).size).toBe(2_100);
  });
});

describe("spam ('Indésirable')", () => {
  it("is hidden from the list, the counts and the notifications, shown by its filter, and sends nothing", async () => {
    const [elodie, jean] = await seed();
    const outboxBefore = await db().$count(emailOutbox);
    expect(await setContactStatus(context(), [elodie!.id, jean!.id], "spam")).toBe(2);
    expect(await db().$count(emailOutbox)).toBe(outboxBefore);

    const names = async (search: string) =>
      (await listContacts(query(search))).items.map((item) => item.name).sort();
    expect(await names("")).toEqual(['=HYPERLINK("http://x")', "Paul_Durand"]);
    expect((await listContacts(query(""))).total).toBe(2);
    expect(await names("q=élodie")).toEqual([]);
    expect(await names("status=spam")).toEqual(["Jean O'Brien", "Élodie Martin"]);
    expect(await countContacts()).toBe(2);
    expect(await countContacts("spam")).toBe(2);
    expect((await getStaffNotifications()).count).toBe(0);
    expect(await new Response(contactsCsv(query(""))).text()).not.toContain("Élodie");
  });

  it("is erased in bulk, only what is still spam, with one audit row telling the count", async () => {
    const [elodie, jean, paul] = await seed();
    await setContactStatus(context(), [elodie!.id, jean!.id], "spam");
    await addContactNote(context(), elodie!.id, "Publicité");
    expect(await eraseSpam(context(), [elodie!.id, jean!.id, paul!.id])).toBe(2);
    const left = await db().select({ name: contacts.name }).from(contacts);
    expect(left.map((row) => row.name).sort()).toEqual(['=HYPERLINK("http://x")', "Paul_Durand"]);
    expect(await db().$count(contactNotes)).toBe(0);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "erase_spam"));
    expect(row).toMatchObject({ entityType: "contacts", details: { count: 2 } });
  });
});
