import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getOptionalUser } from "~/server/auth/session.server";
import { db } from "~/server/db/client.server";
import { adminRoutes, urlOf } from "../support/admin-routes";
import { signedInAs } from "../support/signed-in";

/*
 * Every action of the back office dispatches on the post's `intent` and ends with unknownIntent():
 * a post naming no intent it knows is refused as the kit refuses a bad request (400, 'Action
 * inconnue', the error boundary) and changes nothing, the sign-in forms and 'Déconnexion' included.
 */

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
const modules = import.meta.glob<{ action?: Action }>("../../app/routes/admin/**/*.{ts,tsx}");

/** Old addresses: any method to them is the redirect to where they moved, not an action. */
const NOT_ACTIONS = new Set(["routes/admin/redirect.ts"]);

const context = { clientIp: "203.0.113.61" };
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  admin = await signedInAs("admin");
});

/** The row counts a refused post must leave as they were. */
async function counts() {
  const result = await db().execute<{ audit: number; sessions: number; media: number; projects: number }>(
    sql`select (select count(*) from audit_log)::int as audit, (select count(*) from sessions)::int as sessions,
               (select count(*) from media_assets)::int as media, (select count(*) from projects)::int as projects`,
  );
  return result.rows[0];
}

/** A post with an unknown intent and what a sign-in form would carry, to `path`. */
function post(path: string, signedIn: boolean) {
  const body = new URLSearchParams({
    intent: "inconnue",
    email: admin.user.email,
    password: "secret-password-1",
    id: "00000000-0000-4000-8000-000000000000",
  });
  const init = { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  return signedIn ? admin.request(path, init) : new Request(`http://localhost${path}`, init);
}

async function refusalOf(action: Action, request: Request, params: Record<string, string>) {
  try {
    return { answered: await action({ request, params, context }) };
  } catch (thrown) {
    return thrown;
  }
}

const withActions = (
  await Promise.all(
    [...new Map(adminRoutes.map((route) => [route.file, route])).values()]
      .filter((route) => !NOT_ACTIONS.has(route.file))
      .map(async (route) => ({ ...route, ...(await modules[`../../app/${route.file}`]!()) })),
  )
).filter((route): route is typeof route & { action: Action } => typeof route.action === "function");

describe("every admin action ends with unknownIntent", () => {
  it("covers the sign-in steps, 'Déconnexion', uploads and the content lists and editors", () => {
    expect(withActions.map((route) => route.file)).toEqual(
      expect.arrayContaining([
        "routes/admin/login.tsx",
        "routes/admin/login-code.tsx",
        "routes/admin/login-forgot.tsx",
        "routes/admin/login-reset.tsx",
        "routes/admin/login-again.ts",
        "routes/admin/logout.ts",
        "routes/admin/projects/quick-create.tsx",
        "routes/admin/api/media.ts",
        "routes/admin/blog/index.tsx",
        "routes/admin/blog/editor.tsx",
        "routes/admin/projects/index.tsx",
        "routes/admin/projects/editor.tsx",
        "routes/admin/cms/index.tsx",
        "routes/admin/cms/editor.tsx",
      ]),
    );
  });

  it.each(withActions)(
    "$file refuses an unknown intent with 400 'Action inconnue', and nothing changes",
    async (route) => {
      const before = await counts();
      // The sign-in steps send a signed-in person away before reading the post: asked signed out.
      const signedIn = !route.path.startsWith("/admin/login");
      const params = { id: "00000000-0000-4000-8000-000000000000", "*": "nulle-part" };
      const answer = await refusalOf(route.action, post(urlOf(route.path), signedIn), params);
      expect(answer).toMatchObject({ data: "Action inconnue", init: { status: 400 } });
      expect(await counts()).toEqual(before);
      // Still signed in ('Déconnexion' refused too).
      expect(await getOptionalUser(admin.request("/admin"))).toMatchObject({ email: admin.user.email });
    },
  );
});
