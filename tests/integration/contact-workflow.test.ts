import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { contacts, emailOutbox, users } from "~/server/db/schema";
import { getContact, getStaffNotifications, listContacts } from "~/server/contacts/inbox.server";
import { getContactTimeline } from "~/server/contacts/timeline.server";
import { assignContact, replyDraft, replyToContact, setFollowUp } from "~/server/contacts/workflow.server";
import { sendDailyDigests, setDailyDigest } from "~/server/contacts/digest.server";
import { parseListQuery } from "~/lib/list-query";
import { contactListSpec } from "~/lib/schemas/contacts";
import { MissingRowError } from "~/server/audit/mutation.server";

// Issue 22: reply from the inbox, assign, follow up, and the 08:00 digest, against PostgreSQL.

let alice: { id: string; email: string; name: string };
let bruno: { id: string; email: string; name: string };
const as = (person: { id: string; email: string }) => ({ actor: person, ip: "203.0.113.9" });
const settings = { companyEmail: "contact@betic.test", replyToEmail: "devis@betic.test" } as never;

beforeAll(async () => {
  const inserted = await db()
    .insert(users)
    .values([
      { name: "Alice Martin", email: "alice@betic.test", role: "admin" },
      { name: "Bruno Petit", email: "bruno@betic.test", role: "user" },
      { name: "Ancien", email: "ancien@betic.test", role: "user", banned: true },
    ])
    .returning();
  [alice, bruno] = inserted.map((row) => ({ id: row.id, email: row.email, name: row.name }));
});

beforeEach(async () => {
  await db().execute(sql`truncate contacts, email_outbox, audit_log cascade`);
  await db().update(users).set({ dailyDigest: true });
});

async function request(values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contacts)
    .values({
      name: "Élodie Martin",
      email: "elodie@example.fr",
      subject: "Tableau électrique",
      message: "Mon message privé : code du portail 1234",
      serviceType: "renovation",
      ...values,
    })
    .returning();
  return row!;
}

const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.createdAt);

describe("reply", () => {
  it("drafts from contact_reply: 'Re : subject', the staff member's name, nothing of the message", async () => {
    const contact = await request();
    const draft = await replyDraft((await getContact(contact.id))!, alice);
    expect(draft.subject).toBe("Re : Tableau électrique");
    expect(draft.body).toContain("Bonjour Élodie Martin,");
    expect(draft.body).toContain("Alice Martin");
    expect(draft.body).not.toContain("code du portail");
  });

  it("queues what staff wrote, as the company, moves 'Nouveau' to 'En cours', and shows on the timeline", async () => {
    const contact = await request();
    await replyToContact(
      as(alice),
      contact.id,
      { subject: "Re : Tableau", body: "Bonjour,\n\nDevis joint <b>demain</b>.\n\n> votre message" },
      settings,
    );
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      templateName: "contact_reply",
      contactId: contact.id,
      toAddress: "elodie@example.fr",
      replyTo: "devis@betic.test",
      subject: "Re : Tableau",
      status: "pending",
    });
    expect(mail!.textBody).not.toContain("code du portail");
    expect(mail!.htmlBody).toContain("Devis joint &lt;b&gt;demain&lt;/b&gt;.");
    expect(mail!.htmlBody).toContain("<blockquote");
    expect((await getContact(contact.id))!.status).toBe("in_progress");

    const timeline = await getContactTimeline(contact.id);
    expect(timeline!.events.map((event) => event.kind)).toEqual(["received", "mail", "status"]);
    expect(timeline!.events[1]).toMatchObject({
      template: "contact_reply",
      status: "pending",
      by: alice.email,
    });

    // A second reply leaves a request already in progress as it is.
    await db().update(contacts).set({ status: "completed" }).where(eq(contacts.id, contact.id));
    await replyToContact(as(alice), contact.id, { subject: "Re", body: "Encore" }, settings);
    expect((await getContact(contact.id))!.status).toBe("completed");
  });

  it("refuses a request that is gone, queuing nothing", async () => {
    await expect(
      replyToContact(
        as(alice),
        "00000000-0000-4000-8000-000000000000",
        { subject: "a", body: "b" },
        settings,
      ),
    ).rejects.toBeInstanceOf(MissingRowError);
    expect(await outbox()).toEqual([]);
  });
});

describe("assignment and follow-up", () => {
  it("tells the assignee by mail and on their bell; the filters and the timeline follow", async () => {
    const mine = await request({ name: "Pour Bruno" });
    await request({ name: "Personne" });
    expect(await assignContact(as(alice), mine.id, bruno.id)).toBe(true);
    expect(await assignContact(as(alice), mine.id, bruno.id)).toBe(false);

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ templateName: "contact_assignment", toAddress: bruno.email });
    expect(mails[0]!.subject).toBe("Demande attribuée : Pour Bruno");
    expect(mails[0]!.textBody).toContain(`/admin/contacts?contact=${mine.id}`);

    const bell = await getStaffNotifications(bruno.id);
    expect(bell.assigned.count).toBe(1);
    expect(bell.assigned.latest.map((c) => c.name)).toEqual(["Pour Bruno"]);
    // Both are new: counted once each.
    expect(bell.total).toBe(2);
    await db().update(contacts).set({ status: "in_progress" }).where(eq(contacts.id, mine.id));
    expect((await getStaffNotifications(bruno.id)).total).toBe(2);
    expect((await getStaffNotifications(alice.id)).total).toBe(1);

    // A mail given up is on everyone's bell until it is sent again or gone.
    await db().update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, mails[0]!.id));
    const withFailure = await getStaffNotifications(alice.id);
    expect(withFailure).toMatchObject({ failedMails: 1, total: 2 });
    await db().update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.id, mails[0]!.id));

    const names = async (search: string, viewer: string) =>
      (await listContacts(parseListQuery(search, contactListSpec), viewer)).items.map((c) => c.name);
    expect(await names("assigned=me", bruno.id)).toEqual(["Pour Bruno"]);
    expect(await names("assigned=me", alice.id)).toEqual([]);
    expect(await names("assigned=none", bruno.id)).toEqual(["Personne"]);

    // Giving it to oneself sends no mail; taking it back neither.
    await assignContact(as(alice), mine.id, alice.id);
    await assignContact(as(alice), mine.id, null);
    expect(await outbox()).toHaveLength(1);

    await setFollowUp(as(bruno), mine.id, "2026-12-01");
    expect((await getContact(mine.id))!.followUpOn).toBe("2026-12-01");
    const told = (await getContactTimeline(mine.id))!.events.filter(
      (event) => event.kind === "assign" || event.kind === "follow_up",
    );
    expect(told).toEqual([
      expect.objectContaining({ kind: "assign", to: bruno.email, by: alice.email }),
      expect.objectContaining({ kind: "assign", to: alice.email, by: alice.email }),
      expect.objectContaining({ kind: "assign", to: null, by: alice.email }),
      expect.objectContaining({ kind: "follow_up", on: "2026-12-01", by: bruno.email }),
    ]);
  });

  it("refuses a suspended or unknown assignee", async () => {
    const contact = await request();
    const [banned] = await db().select().from(users).where(eq(users.email, "ancien@betic.test"));
    await expect(assignContact(as(alice), contact.id, banned!.id)).rejects.toBeInstanceOf(MissingRowError);
    expect((await getContact(contact.id))!.assignedTo).toBeNull();
  });
});

describe("daily digest", () => {
  const now = new Date("2026-12-01T07:00:00Z"); // 08:00 in Paris

  it("sends each person their due follow-ups and the new unassigned requests", async () => {
    const due = await request({ name: "À relancer", assignedTo: bruno.id, followUpOn: "2026-12-01" });
    await request({ name: "Plus tard", assignedTo: bruno.id, followUpOn: "2026-12-02" });
    await request({
      name: "Déjà faite",
      assignedTo: bruno.id,
      followUpOn: "2026-11-20",
      status: "completed",
    });
    const waiting = await request({ name: "Sans personne" });
    await request({ name: "Indésirable", status: "spam" });

    expect(await sendDailyDigests(now)).toEqual({ queued: 2 });
    const mails = await outbox();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([alice.email, bruno.email]);
    const forBruno = mails.find((mail) => mail.toAddress === bruno.email)!;
    expect(forBruno.templateName).toBe("contact_digest");
    expect(forBruno.subject).toBe("Récapitulatif du jour : 1 à relancer, 1 non attribuée");
    expect(forBruno.textBody).toContain("Bonjour Bruno Petit,");
    expect(forBruno.textBody).toContain("À relancer (1) :");
    expect(forBruno.textBody).toContain(`- À relancer — Tableau électrique (à relancer le 01/12/2026)`);
    expect(forBruno.textBody).toContain(`/admin/contacts?contact=${due.id}`);
    expect(forBruno.textBody).toContain("Nouvelles demandes non attribuées (1) :");
    expect(forBruno.textBody).toContain(`/admin/contacts?contact=${waiting.id}`);
    for (const hidden of ["Plus tard", "Déjà faite", "Indésirable"])
      expect(forBruno.textBody).not.toContain(hidden);
    const forAlice = mails.find((mail) => mail.toAddress === alice.email)!;
    expect(forAlice.textBody).not.toContain("À relancer (");
    expect(forAlice.subject).toBe("Récapitulatif du jour : 0 à relancer, 1 non attribuée");
  });

  it("sends nothing to someone with nothing to read, nor to who turned it off", async () => {
    await request({ name: "Plus tard", assignedTo: bruno.id, followUpOn: "2026-12-02" });
    expect(await sendDailyDigests(now)).toEqual({ queued: 0 });

    await request({ name: "À relancer", assignedTo: bruno.id, followUpOn: "2026-11-30" });
    await setDailyDigest(as(bruno), false);
    expect(await sendDailyDigests(now)).toEqual({ queued: 0 });
    expect(await outbox()).toEqual([]);
  });
});
