import { useEffect, useState } from "react";
import { DesktopNav, type NavFlags } from "~/components/site/desktop-nav";
import { MobileMenu } from "~/components/site/mobile-menu";
import { SectionLink } from "~/components/site/section-link";
import { SiteLogo } from "~/components/site/site-logo";
import type { NavigationCategory } from "~/server/content/navigation.server";
import { clsx } from "clsx";

/** Past this scroll offset the header gets its blurred background and shadow (public-site.md §9). */
const SCROLL_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

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
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={clsx(
        "site-header",
        scrolled
          ? "border-white/10 bg-background/80 shadow-lg shadow-black/30 backdrop-blur-md"
          : "border-transparent bg-transparent",
      )}
    >
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <div className="site-width flex h-full items-center justify-between gap-4">
        <SiteLogo name={companyName} logo={logo} />
        <div className="flex items-center gap-2 lg:gap-4">
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
