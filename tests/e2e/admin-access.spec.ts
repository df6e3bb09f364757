import { type APIRequestContext, type APIResponse, request as playwrightRequest } from "@playwright/test";
import { type AdminAccess, adminAccess } from "../../app/lib/admin/admin-access";
import { SIGN_IN_INTENT } from "../../app/lib/schemas/users";
import { adminRoutes, urlOf } from "../support/admin-routes";
import { e2e, expect, sql, test } from "../support/e2e";

/**
 * The authorization matrix (issue 6, DESIGN.md Roles): every /admin route of app/routes.ts, for
 * an anonymous visitor, a `user` and an `admin`, through its page, its `.data` request and a POST
 * to its action. Expected: the sign-in page for anonymous callers, 403 for a `user` on an
 * admin-only screen, otherwise allowed. A route without its line in app/lib/admin/admin-access.ts fails.
 */

/** The `.data` URL React Router's client requests for a page (an index route carries ?index). */
function dataUrlOf(path: string, index: boolean) {
  return `${urlOf(path)}.data${index ? "?index" : ""}`;
}

type Outcome = "sign-in" | "forbidden" | "allowed";

async function outcomeOf(response: APIResponse): Promise<Outcome> {
  const status = response.status();
  expect(status, `${response.url()}: no server error`).toBeLessThan(500);
  const location = response.headers()["location"] ?? "";
  if ([301, 302, 303, 307, 308].includes(status) && location.startsWith("/admin/login")) return "sign-in";
  // A `.data` request answers a redirect with 202 and the target in its body.
  if (status === 202 && (await response.text()).includes("/admin/login")) return "sign-in";
  if (status === 403) return "forbidden";
  return "allowed";
}

function expectedFor(access: AdminAccess, caller: "anonymous" | "user" | "admin"): Outcome {
  if (caller === "anonymous") return "sign-in";
  return access === "admin" && caller === "user" ? "forbidden" : "allowed";
}

async function signedIn(account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL: e2e.baseUrl });
  const response = await context.post("/admin/login", {
    form: { intent: SIGN_IN_INTENT, ...account },
    headers: { Origin: e2e.baseUrl },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(302);
  return context;
}

async function auditRows() {
  const [row] = await sql<{ count: string }>("select count(*) from audit_log");
  return Number(row!.count);
}

test("every /admin route of app/routes.ts declares who may use it", () => {
  const declared = Object.keys(adminAccess).sort();
  const routed = [...new Set(adminRoutes.map((route) => route.path))].sort();
  expect(
    routed,
    "app/lib/admin/admin-access.ts must list exactly the /admin routes of app/routes.ts",
  ).toEqual(declared);
});

test("anonymous, user and admin callers get what the table says, on pages, data and actions", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const callers: ["anonymous" | "user" | "admin", APIRequestContext][] = [
    ["anonymous", request],
    ["user", await signedIn(e2e.user)],
    ["admin", await signedIn(e2e.admin)],
  ];
  const auditBefore = await auditRows();
  const checked: string[] = [];

  for (const { path, file, index } of adminRoutes) {
    const access = adminAccess[path as keyof typeof adminAccess];
    // Sign-in, sign-out and old addresses check nobody: a signed-in caller posting there would
    // only sign out. Their own specs cover them.
    if (access === "public") continue;
    for (const [caller, context] of callers) {
      const expected = expectedFor(access, caller);
      const probes: [string, () => Promise<APIResponse>][] = [
        ["page", () => context.get(urlOf(path), { maxRedirects: 0 })],
        ["data", () => context.get(dataUrlOf(path, index), { maxRedirects: 0 })],
        [
          "action",
          () =>
            context.post(index ? `${urlOf(path)}?index` : urlOf(path), {
              form: { intent: "matrix-probe" },
              headers: { Origin: e2e.baseUrl },
              maxRedirects: 0,
            }),
        ],
        [
          "data action",
          () =>
            context.post(dataUrlOf(path, index), {
              form: { intent: "matrix-probe" },
              headers: { Origin: e2e.baseUrl },
              maxRedirects: 0,
            }),
        ],
      ];
      for (const [probe, send] of probes) {
        const response = await send();
        // A route without an action answers 405 to everyone: nothing ran.
        if (probe.includes("action") && response.status() === 405) continue;
        expect(await outcomeOf(response), `${caller} → ${probe} ${path} (${file})`).toBe(expected);
        checked.push(`${caller} ${probe} ${path}`);
      }
    }
  }

  // Refused callers changed nothing; the admin's probes were refused as unknown requests.
  expect(await auditRows()).toBe(auditBefore);
  expect(checked.length).toBeGreaterThan(0);
  for (const [, context] of callers.slice(1)) await context.dispose();
});
