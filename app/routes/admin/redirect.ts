import { redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { getOptionalUser, noStoreHeaders } from "~/server/auth/session.server";

/** Old and alternative back-office paths (back-office.md §2.1), and the target of each. */
const moved: Record<string, string> = {
  "/admin/contact": "/admin/contacts",
  "/admin/author": "/admin/authors",
  "/admin/blog/preview": "/admin/blog",
  "/admin/projects/preview": "/admin/projects",
};

/**
 * Known old paths go to their screen (which checks the session itself). Any other unknown
 * /admin path goes to the sign-in page, or straight to the dashboard for a signed-in person.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const target = moved[path] ?? ((await getOptionalUser(request)) ? "/admin" : "/admin/login");
  throw redirect(target, { headers: noStoreHeaders });
}

export const action = loader;
