import { auth } from "~/server/auth/auth.server";
import { createAccount } from "~/server/auth/users.server";

/**
 * For integration tests of admin loaders and actions: an account of `role`, signed in through
 * Better Auth, and a way to build requests carrying its session cookie.
 */
export async function signedInAs(
  role: "admin" | "user",
  email = `${role}-${crypto.randomUUID()}@betic.test`,
) {
  const password = "secret-password-1";
  const account = await createAccount({ email, password, role });
  const { headers } = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return {
    user: account,
    cookie,
    /** A request to `path` with the session cookie (and `init`'s headers, body, method). */
    request(path: string, init: RequestInit & { duplex?: "half" } = {}) {
      const requestHeaders = new Headers(init.headers);
      requestHeaders.set("cookie", cookie);
      return new Request(`http://localhost${path}`, { ...init, headers: requestHeaders });
    },
  };
}
