import { Icon } from "~/components/site/icon";
import { useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { SectionLink } from "~/components/site/section-link";
import type { NavFlags } from "~/components/site/desktop-nav";
import type { NavigationCategory } from "~/server/content/navigation.server";

type Group = "projects" | "blog";

/** `.menu-link` in app.css. */
const linkClass = "menu-link";

/**
 * Mobile menu (below md), built on <details>/<summary> so that it opens and its groups expand even
 * without JavaScript (the groups share a `name`, so the browser keeps one open). With JavaScript the
 * state is mirrored in React: selecting a link, Escape or a navigation closes the menu.
 */
export function MobileMenu({
  flags,
  categories,
}: {
  flags: NavFlags;
  categories: { blog: NavigationCategory[]; projects: NavigationCategory[] };
}) {
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const { key } = useLocation();
  const [menu, setMenu] = useState<{ key: string; group: Group | null } | null>(null);
  const open = menu?.key === key;
  const group = open ? menu.group : null;
  const summaryRef = useRef<HTMLElement>(null);

  function setOpen(isOpen: boolean) {
    setMenu(isOpen ? { key, group: null } : null);
  }

  function close() {
    setMenu(null);
  }

  function toggleGroup(name: Group, isOpen: boolean) {
    setMenu(
      (current) =>
        current && { ...current, group: isOpen ? name : current.group === name ? null : current.group },
    );
  }

  return (
    <details
      className="md:hidden"
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) setOpen(event.currentTarget.open);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          close();
          summaryRef.current?.focus();
        }
      }}
    >
      <summary
        ref={summaryRef}
        aria-label={open ? "Fermer le menu" : "Ouvrir le menu"}
        className="menu-toggle"
      >
        {open ? <Icon name="x" className="size-6" /> : <Icon name="menu" className="size-6" />}
      </summary>
      <nav
        aria-label="Menu mobile"
        className="menu-panel"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) close();
        }}
      >
        <ul className="space-y-1">
          <li>
            <SectionLink section="services" className={linkClass}>
              Services
            </SectionLink>
          </li>
          <li>
            <Link to="/about" className={linkClass}>
              À propos
            </Link>
          </li>
          {flags.enableProjects ? (
            <MenuGroup
              name="projects"
              label="Projets"
              allLabel="Tous les projets"
              allHref="/projects"
              categories={categories.projects}
              open={group === "projects"}
              onToggle={toggleGroup}
            />
          ) : null}
          {flags.enableBlog ? (
            <MenuGroup
              name="blog"
              label="Actualités"
              allLabel="Tous les articles"
              allHref="/blog"
              categories={categories.blog}
              open={group === "blog"}
              onToggle={toggleGroup}
            />
          ) : null}
          <li>
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>
          </li>
        </ul>
        <SectionLink section="contact" className="menu-cta">
          Devis Gratuit
        </SectionLink>
      </nav>
    </details>
  );
}

function MenuGroup({
  name,
  label,
  allLabel,
  allHref,
  categories,
  open,
  onToggle,
}: {
  name: Group;
  label: string;
  allLabel: string;
  allHref: string;
  categories: NavigationCategory[];
  open: boolean;
  onToggle: (name: Group, open: boolean) => void;
}) {
  return (
    <li>
      <details
        name="mobile-menu-group"
        open={open}
        onToggle={(event) => onToggle(name, event.currentTarget.open)}
        className="menu-group group"
      >
        <summary className={linkClass}>
          {label}
          <Icon name="chevron-down" />
        </summary>
        <div>
          <Link to={allHref}>{allLabel}</Link>
          {categories.length > 0 ? (
            <>
              <p>Catégories</p>
              <ul>
                {categories.map((category) => (
                  <li key={category.slug}>
                    <Link
                      to={`${allHref}?category=${encodeURIComponent(category.slug)}`}
                      className="menu-sublink"
                    >
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </details>
    </li>
  );
}
