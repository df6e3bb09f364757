import { useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/site/icon";
import { SectionLink } from "~/components/site/section-link";
import type { NavigationCategory } from "~/server/content/navigation.server";

export type NavFlags = { enableProjects: boolean; enableBlog: boolean };
type Menu = "projects" | "blog";

/** public-site.md §2 and §9: a dropdown opens 200 ms after the pointer arrives, closes 150 ms after it leaves. */
const HOVER_DELAY_MS = 200;
const CLOSE_DELAY_MS = 150;
/** Within 300 ms of one dropdown closing, another opens at once. */
const SKIP_DELAY_MS = 300;

/** `.nav-item` in app.css. */
const itemClass = "nav-item";

/**
 * Desktop menu (md and up), the disclosure pattern: each dropdown is a button that shows or hides
 * its panel, by click or keyboard at once and by hover with the spec's delays; Escape or leaving
 * it closes it, and so does any navigation.
 */
export function DesktopNav({
  flags,
  categories,
}: {
  flags: NavFlags;
  categories: { blog: NavigationCategory[]; projects: NavigationCategory[] };
}) {
  // The open dropdown belongs to the location it was opened on.
  const { key } = useLocation();
  const [state, setState] = useState<{ key: string; menu: Menu } | null>(null);
  const open = state?.key === key ? state.menu : null;
  const timer = useRef<number | undefined>(undefined);
  const closedAt = useRef(0);

  function show(menu: Menu | null) {
    window.clearTimeout(timer.current);
    if (menu === null && open !== null) closedAt.current = Date.now();
    setState(menu ? { key, menu } : null);
  }
  function showLater(menu: Menu | null, delay: number) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => show(menu), delay);
  }
  function hoverIn(event: React.PointerEvent, menu: Menu) {
    if (event.pointerType !== "mouse") return;
    const skip = open !== null || Date.now() - closedAt.current < SKIP_DELAY_MS;
    showLater(menu, skip ? 0 : HOVER_DELAY_MS);
  }
  function hoverOut(event: React.PointerEvent) {
    if (event.pointerType === "mouse") showLater(null, CLOSE_DELAY_MS);
  }

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
            open={open === "projects"}
            onToggle={() => show(open === "projects" ? null : "projects")}
            onClose={() => show(null)}
            onPointerEnter={(event) => hoverIn(event, "projects")}
            onPointerLeave={(event) => hoverOut(event)}
          />
        ) : null}
        {flags.enableBlog ? (
          <Dropdown
            id="nav-blog"
            label="Actualités"
            allLabel="Toutes les actualités"
            allHref="/blog"
            categories={categories.blog}
            open={open === "blog"}
            onToggle={() => show(open === "blog" ? null : "blog")}
            onClose={() => show(null)}
            onPointerEnter={(event) => hoverIn(event, "blog")}
            onPointerLeave={(event) => hoverOut(event)}
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
  open,
  onToggle,
  onClose,
  onPointerEnter,
  onPointerLeave,
}: {
  id: string;
  label: string;
  allLabel: string;
  allHref: string;
  categories: NavigationCategory[];
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onPointerEnter: (event: React.PointerEvent) => void;
  onPointerLeave: (event: React.PointerEvent) => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <li
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        onClose();
        trigger.current?.focus();
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        className={`${itemClass} group`}
      >
        {label}
        <Icon name="chevron-down" className="nav-chevron" />
      </button>
      {/* The top padding bridges the gap between the button and its panel. */}
      {open ? (
        <div id={id} className="absolute left-0 top-full z-50 w-72 pt-2">
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
      ) : null}
    </li>
  );
}
