import { useEffect } from "react";
import { Link, useLocation, type LinkProps } from "react-router";

/**
 * Scrolling rules of public-site.md §2: section links scroll smoothly on the home page; elsewhere they
 * go to /#{section} with navigation state, and the home page scrolls there 100 ms after arrival.
 * Hash links scroll smoothly and keep watching up to 10 s for the target (content may render late).
 * Without JavaScript the links are plain /#{section} anchors.
 */
export type HomeSection = "hero" | "services" | "expertise" | "projects" | "blog" | "contact";

const ARRIVAL_DELAY_MS = 100;
const HASH_WATCH_MS = 10_000;

type ScrollState = { scrollTo?: string } | null;

function behavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** Scrolls to a section; without it, to the page bottom (where the footer's contact details are). */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (target) target.scrollIntoView({ behavior: behavior(), block: "start" });
  else window.scrollTo({ top: document.documentElement.scrollHeight, behavior: behavior() });
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: behavior() });
}

type SectionLinkProps = Omit<LinkProps, "to" | "state"> & { section: HomeSection };

export function SectionLink({ section, onClick, ...props }: SectionLinkProps) {
  const { pathname } = useLocation();
  return (
    <Link
      {...props}
      to={`/#${section}`}
      state={{ scrollTo: section } satisfies ScrollState}
      preventScrollReset
      onClick={(event) => {
        onClick?.(event);
        const plainClick =
          event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
        if (pathname === "/" && plainClick && !event.defaultPrevented) {
          event.preventDefault();
          scrollToSection(section);
        }
      }}
    />
  );
}

/** Runs in the public layout: applies section-state and hash scrolling after each navigation. */
export function useSectionScroll() {
  const location = useLocation();
  const requested = (location.state as ScrollState)?.scrollTo;

  useEffect(() => {
    if (requested) {
      window.scrollTo({ top: 0 });
      const timer = window.setTimeout(() => scrollToSection(requested), ARRIVAL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const scrollWhenPresent = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ behavior: behavior(), block: "start" });
      return true;
    };
    if (scrollWhenPresent()) return;
    const observer = new MutationObserver(() => {
      if (scrollWhenPresent()) stop();
    });
    const timer = window.setTimeout(() => stop(), HASH_WATCH_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [location.key, location.hash, requested]);
}
