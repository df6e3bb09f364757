import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as contactsAction } from "~/routes/admin/contacts/index";
import { action as trashAction } from "~/routes/admin/trash/index";
import { eraseContact, eraseSpam, trashContact } from "~/server/contacts/inbox.server";
import { db } from "~/server/db/client.server";
import { contacts, trashItems } from "~/server/db/schema";
import { purgeExpiredTrash, purgeTrashItems } from "~/server/trash/trash.server";
import { signedInAs } from "../support/signed-in";

// Decision 024: erasing a contact request for good is for administrators, from every path.
type Account = Awaited<ReturnType<typeof signedInAs>>;
let admin: Account;
let member: Account;
const context = { clientIp: "203.0.113.9" };
const who = (account: Account) => ({ actor: account.user, ip: context.clientIp });

beforeAll(async () => {
  admin = await signedInAs("admin");
  member = await signedInAs("user");
});

async function newContact(status: "new" | "spam" = "new") {
  const [row] = await db()
    .insert(contacts)
    .values({ name: "Élodie Martin", email: "elodie@example.fr", message: "Un devis", status })
    .returning({ id: contacts.id });
  return row!.id;
}
const exists = async (id: string) => (await db().$count(contacts, eq(contacts.id, id))) === 1;
async function trashed(id: string) {
  await trashContact(who(admin), id);
  const [item] = await db().select().from(trashItems).where(eq(trashItems.entityId, id));
  return item!.id;
}
const inTrash = async (itemId: string) => (await db().$count(trashItems, eq(trashItems.id, itemId))) === 1;

/** The answer of a route action, thrown or returned. */
async function post(
  route: typeof contactsAction | typeof trashAction,
  account: Account,
  path: string,
  fields: Record<string, string>,
) {
  const request = account.request(path, { method: "POST", body: new URLSearchParams(fields) });
  try {
    return (await route({ request, params: {}, context } as never)) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}
const status = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;

describe("permanent erasure of contact requests", () => {
  it("'Effacer' (one request): refused to a user, done for an admin", async () => {
    const id = await newContact();
    expect(status(await post(contactsAction, member, "/admin/contacts", { intent: "erase", id }))).toBe(403);
    await expect(eraseContact(who(member), id)).rejects.toThrow(/administrateur/);
    expect(await exists(id)).toBe(true);
    expect(status(await post(contactsAction, admin, "/admin/contacts", { intent: "erase", id }))).toBe(302);
    expect(await exists(id)).toBe(false);
  });

  it("'Effacer' of the spam: refused to a user, done for an admin", async () => {
    const id = await newContact("spam");
    const fields = { intent: "erase-spam", ids: id };
    expect(status(await post(contactsAction, member, "/admin/contacts?status=spam", fields))).toBe(403);
    await expect(eraseSpam(who(member), [id])).rejects.toThrow(/administrateur/);
    expect(await exists(id)).toBe(true);
    expect(status(await post(contactsAction, admin, "/admin/contacts?status=spam", fields))).toBe(302);
    expect(await exists(id)).toBe(false);
  });

  it("'Supprimer définitivement' in the trash: a request stays for a user, goes for an admin", async () => {
    const item = await trashed(await newContact());
    const answer = await post(trashAction, member, "/admin/trash", { intent: "purge", ids: item });
    expect(status(answer)).toBe(302);
    expect(await inTrash(item)).toBe(true);
    await expect(purgeTrashItems(who(member), [item])).rejects.toThrow(/administrateur/);
    expect(await inTrash(item)).toBe(true);
    expect(status(await post(trashAction, admin, "/admin/trash", { intent: "purge", ids: item }))).toBe(302);
    expect(await inTrash(item)).toBe(false);
  });

  it("the daily purges still erase what is due", async () => {
    const item = await trashed(await newContact());
    await db()
      .update(trashItems)
      .set({ deletedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(trashItems.id, item));
    expect((await purgeExpiredTrash()).purged).toBeGreaterThanOrEqual(1);
    expect(await inTrash(item)).toBe(false);
  });
});
