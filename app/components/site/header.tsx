import { DesktopNav, type NavFlags } from "~/components/site/desktop-nav";
import { Icon } from "~/components/site/icon";
import { MobileMenu } from "~/components/site/mobile-menu";
import { SearchForm } from "~/components/site/search-form";
import { SectionLink } from "~/components/site/section-link";
import { SiteLogo } from "~/components/site/site-logo";
import { SEARCH_PATH } from "~/lib/site-search";
import type { NavigationCategory } from "~/server/content/navigation.server";

/** Past 50 px of scroll the header gets its blurred background and shadow (public-site.md §9):
 * app/enhance/header.ts sets data-scrolled, `.site-header` in app.css paints it. */
export function Header({
  companyName,
  logo,
  flags,
  categories,
}: {
  companyName: string;
  logo: string;
  flags: NavFlags;
  categories: { blog: NavigationCategory[]; projects: NavigationCategory[] };
}) {
  return (
    <header data-scrolled="false" className="site-header">
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <div className="site-width flex h-full items-center justify-between gap-4">
        <SiteLogo name={companyName} logo={logo} />
        <div className="flex shrink-0 items-center gap-2 lg:gap-4">
          <DesktopNav flags={flags} categories={categories} />
          {/* The search box where the header has room for it, else a link to the search page. */}
          <SearchForm className="header-search" />
          <a href={SEARCH_PATH} aria-label="Rechercher" className="header-search-link">
            <Icon name="search" className="size-5" />
          </a>
          <SectionLink section="contact" className="header-cta">
            Devis Gratuit
          </SectionLink>
          <MobileMenu flags={flags} categories={categories} />
        </div>
      </div>
    </header>
  );
}
