import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DRAFT_MAX_CHARS, NEW_ITEM_KEY } from "~/lib/schemas/drafts";
import { action as draftsAction } from "~/routes/admin/api/drafts";
import { action as cmsEditorAction, loader as cmsEditorLoader } from "~/routes/admin/cms/editor";
import {
  getCachedPage,
  pageCacheGeneration,
  storeCachedPage,
  stopPageCache,
} from "~/server/cache/page-cache.server";
import { autosaveFor, purgeOldDrafts } from "~/server/content/drafts.server";
import { onContentChanged } from "~/server/content-changes.server";
import { db } from "~/server/db/client.server";
import { startChangeNotifications, stopChangeNotifications } from "~/server/db/notifications.server";
import { auditLog, cmsPages, contentDrafts, contentRevisions } from "~/server/db/schema";
import { jobs } from "~/server/jobs/scheduler.server";
import { signedInAs } from "../support/signed-in";

/** The editors' autosave (issue 21): /admin/api/drafts, what the editors offer back, the purge. */

let editor: Awaited<ReturnType<typeof signedInAs>>;
let other: Awaited<ReturnType<typeof signedInAs>>;
const context = { clientIp: "203.0.113.7" } as never;

beforeAll(async () => {
  editor = await signedInAs("user");
  other = await signedInAs("user");
  await startChangeNotifications();
});
afterAll(async () => {
  stopPageCache();
  await stopChangeNotifications();
});
beforeEach(async () => {
  await db().execute(sql`truncate content_drafts, cms_pages, audit_log, content_revisions cascade`);
});

type Answer = { data: Record<string, unknown>; init: { status?: number } | null };

/** A post to the drafts route as the editor's fetch sends it; a thrown answer is returned. */
async function postDraft(fields: Record<string, string>, as = editor): Promise<Answer | Response> {
  const request = as.request("/admin/api/drafts", { method: "POST", body: new URLSearchParams(fields) });
  try {
    return (await draftsAction({ request, params: {}, context } as never)) as unknown as Answer;
  } catch (thrown) {
    return thrown as Answer | Response;
  }
}

const PAGE_ID = "6f1c2a4e-8b1d-4c3e-9a7f-0d2e5b6c7a81";
const values = { title: "Garanties", content: "<p>Un texte tapé pendant une heure.</p>" };
const save = (overrides: Record<string, string> = {}, as = editor) =>
  postDraft(
    {
      intent: "save",
      entityType: "cms_pages",
      entityKey: PAGE_ID,
      values: JSON.stringify(values),
      ...overrides,
    },
    as,
  );

describe("/admin/api/drafts", () => {
  it("sends an anonymous post to sign-in and writes nothing", async () => {
    const request = new Request("http://localhost/admin/api/drafts", {
      method: "POST",
      body: new URLSearchParams({
        intent: "save",
        entityType: "cms_pages",
        entityKey: PAGE_ID,
        values: "{}",
      }),
    });
    const thrown = await draftsAction({ request, params: {}, context } as never).catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await db().$count(contentDrafts)).toBe(0);
  });

  it("keeps one draft per person and item, replaced by each autosave", async () => {
    const first = (await save()) as Answer;
    expect(first.data.savedAt).toEqual(expect.any(String));
    await save({ values: JSON.stringify({ ...values, title: "Garanties et assurances" }) });
    await save({}, other);
    const rows = await db().select().from(contentDrafts).orderBy(contentDrafts.updatedAt);
    expect(rows).toHaveLength(2);
    const mine = rows.find((row) => row.userId === editor.user.id)!;
    expect(mine).toMatchObject({ entityType: "cms_pages", entityKey: PAGE_ID });
    expect(mine.values).toEqual({ ...values, title: "Garanties et assurances" });

    // 'Ignorer' drops only the person's own.
    await postDraft({ intent: "discard", entityType: "cms_pages", entityKey: PAGE_ID });
    expect(
      (await db().select({ userId: contentDrafts.userId }).from(contentDrafts)).map((r) => r.userId),
    ).toEqual([other.user.id]);
  });

  it("refuses values over the cap (413), unreadable values and unknown items (400), unknown intents", async () => {
    const tooLong = (await save({
      values: JSON.stringify({ content: "x".repeat(DRAFT_MAX_CHARS) }),
    })) as Answer;
    expect(tooLong.init?.status).toBe(413);
    expect(((await save({ values: "{not json" })) as Answer).init?.status).toBe(400);
    expect(((await save({ values: JSON.stringify({ title: 3 }) })) as Answer).init?.status).toBe(400);
    expect(((await save({ entityKey: "../etc" })) as Answer).init?.status).toBe(400);
    expect(((await save({ entityType: "users" })) as Answer).init?.status).toBe(400);
    const unknown = (await postDraft({ intent: "publish" })) as Answer;
    expect(unknown.init?.status).toBe(400);
    expect(await db().$count(contentDrafts)).toBe(0);
  });

  it("announces no content change, writes no audit row and no revision", async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query("LISTEN content_changed");
    try {
      await save();
      await save({ entityKey: NEW_ITEM_KEY });
      await postDraft({ intent: "discard", entityType: "cms_pages", entityKey: PAGE_ID });
      // Notifications reach a listener in commit order: once this one is heard, any sent by the
      // autosaves would have been heard before it.
      await db().execute(sql`select pg_notify('content_changed', 'sentinel')`);
      for (let tries = 0; !heard.includes("sentinel") && tries < 50; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual(["sentinel"]);
      expect(await db().$count(auditLog)).toBe(0);
      expect(await db().$count(contentRevisions)).toBe(0);
    } finally {
      await listener.end();
    }
  });

  it("keeps the cached pages after an autosave", async () => {
    // The truncate of beforeEach announced a change: heard, in commit order, before this one.
    const settled = new Promise((resolve) =>
      onContentChanged((table) => table === "settled" && resolve(table)),
    );
    await db().execute(sql`select pg_notify('content_changed', 'settled')`);
    await settled;
    const answer = { headers: [], body: Buffer.from("<html>") };
    const page = { status: 200, etag: 'W/"y"', answers: { br: answer, gzip: answer, identity: answer } };
    storeCachedPage("/garanties", { ...page, notModified: [] }, pageCacheGeneration());
    await save();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(getCachedPage("/garanties")).toBeDefined();
    // The same wait after a content write empties it: the check above can fail.
    await db().execute(sql`update site_settings set company_phone = company_phone`);
    for (let tries = 0; getCachedPage("/garanties") && tries < 50; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getCachedPage("/garanties")).toBeUndefined();
  });
});

describe("what the editors offer and drop", () => {
  it("offers a draft newer than the saved item only, any draft of a new one", async () => {
    await save({ entityKey: NEW_ITEM_KEY });
    const fresh = await autosaveFor(editor.user.id, "cms_pages", null);
    expect(fresh).toMatchObject({ entityKey: NEW_ITEM_KEY, draft: { values } });

    await save();
    const past = new Date(Date.now() - 60_000);
    expect(
      (await autosaveFor(editor.user.id, "cms_pages", { id: PAGE_ID, updatedAt: past })).draft,
    ).not.toBeNull();
    const later = new Date(Date.now() + 60_000);
    expect(
      (await autosaveFor(editor.user.id, "cms_pages", { id: PAGE_ID, updatedAt: later })).draft,
    ).toBeNull();
    // Another person's draft is not offered.
    expect(
      (await autosaveFor(other.user.id, "cms_pages", { id: PAGE_ID, updatedAt: past })).draft,
    ).toBeNull();
  });

  it("a real save drops the draft; the editor's loader offers it before", async () => {
    await save({ entityKey: NEW_ITEM_KEY });
    const loaded = (await cmsEditorLoader({
      request: editor.request("/admin/cms/create"),
      params: {},
      context,
    } as never)) as { autosave: { draft: unknown } };
    expect(loaded.autosave.draft).toMatchObject({ values });

    const body = new URLSearchParams({
      intent: "save",
      updatedAt: "",
      title: "Garanties",
      slug: "garanties",
    });
    body.set("content", "<p>Nos garanties.</p>");
    const answer = await cmsEditorAction({
      request: editor.request("/admin/cms/create", { method: "POST", body }),
      params: {},
      context,
    } as never).catch((thrown: unknown) => thrown);
    expect((answer as Response).status).toBe(302);
    expect(await db().$count(cmsPages)).toBe(1);
    expect(
      await db().$count(
        contentDrafts,
        and(eq(contentDrafts.userId, editor.user.id), eq(contentDrafts.entityKey, NEW_ITEM_KEY)),
      ),
    ).toBe(0);
  });
});

describe("the daily purge", () => {
  it("drops drafts untouched for 30 days, and only those", async () => {
    await save();
    await save({ entityKey: NEW_ITEM_KEY });
    await db()
      .update(contentDrafts)
      .set({ updatedAt: sql`now() - interval '31 days'` })
      .where(eq(contentDrafts.entityKey, PAGE_ID));
    expect(await jobs["drafts-purge"].run()).toEqual({ purged: 1 });
    expect((await db().select().from(contentDrafts)).map((row) => row.entityKey)).toEqual([NEW_ITEM_KEY]);
    expect(await purgeOldDrafts()).toEqual({ purged: 0 });
  });
});
