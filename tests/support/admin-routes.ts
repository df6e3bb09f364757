import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** A route with a URL under /admin, as its path is written in app/routes.ts (params kept). */
export type AdminRoute = { path: string; file: string; index: boolean };

function routesWithUrls(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const own =
      entry.path || entry.index ? [{ path: path || "/", file: entry.file, index: !!entry.index }] : [];
    return [...own, ...routesWithUrls(entry.children ?? [], path)];
  });
}

/** Every route with a URL under /admin. */
export const adminRoutes = routesWithUrls(routes).filter(
  (route) => route.path === "/admin" || route.path.startsWith("/admin/"),
);

/** A concrete URL for a route path: any id, any splat. */
export function urlOf(path: string) {
  return path.replace(/:[\w]+\??/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "nulle-part");
}
