import { Link, NavLink } from "react-router";
import { Icon } from "~/components/site/icon";
import { SectionLink } from "~/components/site/section-link";
import type { NavigationCategory } from "~/server/content/navigation.server";

export type NavFlags = { enableProjects: boolean; enableBlog: boolean };

/** `.nav-item` in app.css. */
const itemClass = "nav-item";

/**
 * Desktop menu (md and up), the disclosure pattern: each dropdown is a button that shows or hides
 * its panel (app/enhance/header.ts: by click or keyboard at once, by hover with the spec's delays;
 * Escape or leaving it closes it). Without JavaScript a panel opens on hover or focus (app.css).
 */
export function DesktopNav({
  flags,
  categories,
}: {
  flags: NavFlags;
  categories: { blog: NavigationCategory[]; projects: NavigationCategory[] };
}) {
  return (
    <nav aria-label="Menu principal" className="relative hidden md:block">
      <ul className="flex items-center gap-1">
        <li>
          <SectionLink section="services" className={itemClass}>
            Services
          </SectionLink>
        </li>
        <li>
          <NavLink to="/about" className={itemClass}>
            À propos
          </NavLink>
        </li>
        {flags.enableProjects ? (
          <Dropdown
            id="nav-projects"
            label="Projets"
            allLabel="Tous les projets"
            allHref="/projects"
            categories={categories.projects}
          />
        ) : null}
        {flags.enableBlog ? (
          <Dropdown
            id="nav-blog"
            label="Actualités"
            allLabel="Toutes les actualités"
            allHref="/blog"
            categories={categories.blog}
          />
        ) : null}
        <li>
          <NavLink to="/contact" className={itemClass}>
            Contact
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

function Dropdown({
  id,
  label,
  allLabel,
  allHref,
  categories,
}: {
  id: string;
  label: string;
  allLabel: string;
  allHref: string;
  categories: NavigationCategory[];
}) {
  return (
    <li className="nav-dropdown relative" data-dropdown="">
      <button type="button" aria-expanded={false} aria-controls={id} className={`${itemClass} group`}>
        {label}
        <Icon name="chevron-down" className="nav-chevron" />
      </button>
      {/* The top padding bridges the gap between the button and its panel. */}
      <div id={id} hidden data-dropdown-panel="" className="absolute left-0 top-full z-50 w-72 pt-2">
        <div className="rounded-xl border bg-popover p-3 text-popover-foreground shadow-xl shadow-black/40">
          <Link
            to={allHref}
            className="block rounded-lg bg-white/5 px-3 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-betic-red hover:text-white focus-visible:bg-betic-red"
          >
            {allLabel}
          </Link>
          {categories.length > 0 ? (
            <div className="mt-3">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                Catégories
              </p>
              <ul>
                {categories.map((category) => (
                  <li key={category.slug}>
                    <Link
                      to={`${allHref}?category=${encodeURIComponent(category.slug)}`}
                      className="block rounded-md px-3 py-2 text-sm text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:bg-white/10"
                    >
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}
