import { Icon } from "~/components/site/icon";
import { Link } from "react-router";
import { SearchForm } from "~/components/site/search-form";
import { SectionLink } from "~/components/site/section-link";
import type { NavFlags } from "~/components/site/desktop-nav";
import type { NavigationCategory } from "~/server/content/navigation.server";

/** `.menu-link` in app.css. */
const linkClass = "menu-link";

/**
 * Mobile menu (below md), built on <details>/<summary> so that it opens and its groups expand even
 * without JavaScript (the groups share a `name`, so the browser keeps one open). app/enhance/header.ts
 * adds the rest: selecting a link or Escape closes the menu, the toggle's name follows its state.
 */
export function MobileMenu({
  flags,
  categories,
}: {
  flags: NavFlags;
  categories: { blog: NavigationCategory[]; projects: NavigationCategory[] };
}) {
  return (
    <details className="group/menu md:hidden" data-mobile-menu="">
      <summary aria-label="Ouvrir le menu" className="menu-toggle">
        <Icon name="menu" className="size-6 group-open/menu:hidden" />
        <Icon name="x" className="hidden size-6 group-open/menu:block" />
      </summary>
      <nav aria-label="Menu mobile" className="menu-panel">
        <SearchForm className="mb-3" />
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
              label="Projets"
              allLabel="Tous les projets"
              allHref="/projects"
              categories={categories.projects}
            />
          ) : null}
          {flags.enableBlog ? (
            <MenuGroup
              label="Actualités"
              allLabel="Tous les articles"
              allHref="/blog"
              categories={categories.blog}
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
    <li>
      <details name="mobile-menu-group" className="menu-group group">
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
