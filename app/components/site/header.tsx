import { DesktopNav, type NavFlags } from "~/components/site/desktop-nav";
import { MobileMenu } from "~/components/site/mobile-menu";
import { SectionLink } from "~/components/site/section-link";
import { SiteLogo } from "~/components/site/site-logo";
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
          <SectionLink section="contact" className="header-cta">
            Devis Gratuit
          </SectionLink>
          <MobileMenu flags={flags} categories={categories} />
        </div>
      </div>
    </header>
  );
}
