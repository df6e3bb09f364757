import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { Link, NavLink } from "react-router";
import { SectionLink } from "~/components/site/section-link";
import type { NavigationCategory } from "~/server/content/navigation.server";
import { cn } from "~/lib/cn";

export type NavFlags = { enableProjects: boolean; enableBlog: boolean };

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:bg-white/10 data-[state=open]:bg-white/10 data-[state=open]:text-white aria-[current=page]:text-white";

/**
 * Desktop menu (md and up). Radix NavigationMenu: hover delay 200 ms and skip delay 300 ms as
 * props; its close delay is Radix's built-in 150 ms (public-site.md §2).
 */
export function DesktopNav({
  flags,
  categories,
}: {
  flags: NavFlags;
  categories: { blog: NavigationCategory[]; projects: NavigationCategory[] };
}) {
  return (
    <NavigationMenu.Root
      delayDuration={200}
      skipDelayDuration={300}
      aria-label="Menu principal"
      className="relative hidden md:block"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <SectionLink section="services" className={itemClass}>
              Services
            </SectionLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <NavLink to="/about" className={itemClass}>
              À propos
            </NavLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        {flags.enableProjects ? (
          <Dropdown
            label="Projets"
            allLabel="Tous les projets"
            allHref="/projects"
            categories={categories.projects}
          />
        ) : null}
        {flags.enableBlog ? (
          <Dropdown
            label="Actualités"
            allLabel="Toutes les actualités"
            allHref="/blog"
            categories={categories.blog}
          />
        ) : null}
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <NavLink to="/contact" className={itemClass}>
              Contact
            </NavLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

function Dropdown({
  label,
  allLabel,
  allHref,
  categories,
}: {
  label: string;
  allLabel: string;
  allHref: string;
  categories: NavigationCategory[];
}) {
  return (
    <NavigationMenu.Item className="relative">
      <NavigationMenu.Trigger className={cn(itemClass, "group")}>
        {label}
        <ChevronDown
          aria-hidden
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </NavigationMenu.Trigger>
      {/* No Viewport: each panel opens under its own trigger; the top padding bridges the gap. */}
      <NavigationMenu.Content className="absolute left-0 top-full z-50 w-72 pt-2">
        <div className="rounded-xl border bg-popover p-3 text-popover-foreground shadow-xl shadow-black/40">
          <NavigationMenu.Link asChild>
            <Link
              to={allHref}
              className="block rounded-lg bg-white/5 px-3 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-betic-red hover:text-white focus-visible:bg-betic-red"
            >
              {allLabel}
            </Link>
          </NavigationMenu.Link>
          {categories.length > 0 ? (
            <div className="mt-3">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                Catégories
              </p>
              <ul>
                {categories.map((category) => (
                  <li key={category.id}>
                    <NavigationMenu.Link asChild>
                      <Link
                        to={`${allHref}?category=${encodeURIComponent(category.slug)}`}
                        className="block rounded-md px-3 py-2 text-sm text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:bg-white/10"
                      >
                        {category.name}
                      </Link>
                    </NavigationMenu.Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}
