import { data, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { AdminError } from "~/components/admin/admin-error";
import { AdminHeader } from "~/components/admin/admin-header";
import { useCountInTitle, useLiveNotifications } from "~/components/admin/live-notifications";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { SidebarProvider, sidebarOpenFromCookie } from "~/components/ui/sidebar";
import { noStoreHeaders, requireUser, sessionCookieHeaders } from "~/server/auth/session.server";
import { getStaffNotifications } from "~/server/contacts/inbox.server";
import { logger } from "~/server/logger.server";
import { adminLinks } from "~/components/admin/stylesheet";

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Back-office | BETIC Électricité" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [headers, notifications] = await Promise.all([
    sessionCookieHeaders(request, noStoreHeaders),
    // The header's notifications must not take every screen down with them: each screen reports
    // its own failure and offers a retry.
    getStaffNotifications(user.id).catch((error: unknown) => {
      logger.error({ err: error }, "header notifications could not be loaded");
      return null;
    }),
  ]);
  return data(
    {
      user: { email: user.email, name: user.name, role: user.role ?? "user" },
      sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
      notifications,
    },
    { headers },
  );
}

// Child screens inherit this unless they declare their own.
export const headers: Route.HeadersFunction = () => noStoreHeaders;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, sidebarOpen } = loaderData;
  const notifications = useLiveNotifications(loaderData.notifications);
  useCountInTitle(notifications?.total ?? 0);
  const reloading = useNavigation().state === "loading";

  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        Aller au contenu
      </a>
      <AdminSidebar user={user} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader user={user} notifications={notifications} />
        {/* Room under the last controls: scrolled to the end, an editor's save bar stays clear of
            the toast its save shows bottom-right (at 375 px the toast hid 'Annuler'). */}
        <main id="admin-main" className="relative flex-1 p-4 pb-28 md:p-6 md:pb-28" aria-busy={reloading}>
          {reloading && (
            <p
              role="status"
              className="absolute left-1/2 top-3 z-10 -translate-x-1/2 rounded-full border bg-card px-4 py-1.5 text-sm shadow"
            >
              Chargement des données...
            </p>
          )}
          <div className={reloading ? "pointer-events-none opacity-50 transition-opacity" : undefined}>
            <Outlet />
          </div>
        </main>
      </div>
    </SidebarProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <AdminError error={error} message="Le back-office n'a pas pu être chargé." retryTo="/admin" />
    </main>
  );
}
