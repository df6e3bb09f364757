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
        "fixed inset-x-0 top-0 z-50 h-[72px] border-b transition-[background-color,box-shadow,border-color] duration-300",
        scrolled
          ? "border-white/10 bg-background/80 shadow-lg shadow-black/30 backdrop-blur-md"
          : "border-transparent bg-transparent",
      )}
    >
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-betic-red focus:px-4 focus:py-2 focus:text-white"
      >
        Aller au contenu
      </a>
      <div className="site-width flex h-full items-center justify-between gap-4">
        <SiteLogo name={companyName} logo={logo} />
        <div className="flex items-center gap-2 lg:gap-4">
          <DesktopNav flags={flags} categories={categories} />
          <SectionLink
            section="contact"
            className="hidden h-10 items-center rounded-lg bg-betic-red px-5 text-sm font-semibold text-white shadow-lg shadow-betic-red/25 transition-colors hover:bg-red-700 md:inline-flex"
          >
            Devis Gratuit
          </SectionLink>
          <MobileMenu flags={flags} categories={categories} />
        </div>
      </div>
    </header>
  );
}
