import { NavLink } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { canOpen } from "~/lib/admin/admin-access";
import { cn } from "~/lib/cn";
import { BRAND_NAME } from "~/lib/site-defaults";
import { adminMenu, type AdminMenuEntry } from "./menu";
import { Sidebar, useSidebar } from "~/components/ui/sidebar";

type Props = { user: { role: string } };

/** The back-office navigation: the menu groups the signed-in person may use. */
export function AdminSidebar({ user }: Props) {
  const groups = adminMenu
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => canOpen(user, entry.to)),
    }))
    .filter((group) => group.entries.length > 0);

  return (
    <Sidebar label="Menu du back-office">
      {(collapsed) => (
        <>
          <div
            className={cn(
              "flex h-14 shrink-0 items-center gap-2 border-b",
              collapsed ? "justify-center px-0" : "px-4",
            )}
          >
            <img src="/logo.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
            {!collapsed && (
              <div className="min-w-0 leading-tight">
                <p className="truncate text-sm font-semibold">{BRAND_NAME}</p>
                <p className="text-xs text-muted-foreground">Back-office</p>
              </div>
            )}
          </div>
          <div className="flex-1 overflow-y-auto overflow-x-hidden py-2">
            {groups.map((group) => (
              <section key={group.label} aria-label={group.label} className="px-2 py-2">
                <h2
                  className={cn(
                    "px-2 pb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground",
                    collapsed && "sr-only",
                  )}
                >
                  {group.label}
                </h2>
                <ul className="flex flex-col gap-1">
                  {group.entries.map((entry) => (
                    <li key={entry.to}>
                      <MenuLink entry={entry} collapsed={collapsed} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </Sidebar>
  );
}

/**
 * Whether other entries live under this one's path ('Tableau de bord', 'SEO' and 'Redirections'):
 * it then lights up on its own page only, never with theirs.
 */
const hasEntriesBelow = (to: string) =>
  adminMenu.some((group) => group.entries.some((entry) => entry.to.startsWith(`${to}/`)));

function MenuLink({ entry, collapsed }: { entry: AdminMenuEntry; collapsed: boolean }) {
  const Icon = entry.icon;
  const { setOpenMobile } = useSidebar();
  const link = (
    <NavLink
      to={entry.to}
      // The mobile panel closes on any choice, the current page's link included.
      onClick={() => setOpenMobile(false)}
      end={hasEntriesBelow(entry.to)}
      prefetch="intent"
      // A string, not NavLink's function form: the tooltip's Slot merges class names as strings.
      className={cn(
        "flex h-9 items-center gap-3 rounded-md px-2 text-sm text-foreground/85 transition-colors hover:bg-accent hover:text-foreground",
        "aria-[current=page]:bg-primary/15 aria-[current=page]:font-medium aria-[current=page]:text-foreground aria-[current=page]:hover:bg-primary/20",
        collapsed && "justify-center px-0",
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className={cn("truncate", collapsed && "sr-only")}>{entry.label}</span>
    </NavLink>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{entry.label}</TooltipContent>
    </Tooltip>
  );
}
