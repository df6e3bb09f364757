import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as eventsLoader } from "~/routes/admin/api/events";
import { setSuspended } from "~/server/auth/manage-users.server";
import { getOptionalUser, requireUser } from "~/server/auth/session.server";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { signedInAs } from "../support/signed-in";

// Issue 36, point 6: a suspended account is refused on every request, its live streams closed.
describe("suspended accounts", () => {
  it("are refused by requireUser even while a session of theirs is still open", async () => {
    const member = await signedInAs("user");
    expect((await requireUser(member.request("/admin/blog"))).id).toBe(member.user.id);
    // Suspended without its sessions being ended (a restore, a change in SQL, another path).
    await db().update(users).set({ banned: true }).where(eq(users.id, member.user.id));
    const thrown = await requireUser(member.request("/admin/blog")).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await getOptionalUser(member.request("/admin"))).toBeNull();
  });

  it("have their open event streams closed when suspended", { timeout: 20_000 }, async () => {
    const admin = await signedInAs("admin");
    const member = await signedInAs("user");
    const controller = new AbortController();
    const response = (await eventsLoader({
      request: member.request("/admin/api/events", {
        headers: { Accept: "text/event-stream" },
        signal: controller.signal,
      }),
      params: {},
      context: { clientIp: "203.0.113.4" },
    } as never)) as Response;
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("retry:");
    await setSuspended({ actor: admin.user, ip: "203.0.113.5" }, member.user.id, true);
    try {
      // Ends by itself: before, it stayed open for its ten-minute lifetime.
      expect((await reader.read()).done).toBe(true);
    } finally {
      controller.abort();
    }
  });
});
