import { pushDataLayer } from "./data-layer";

/**
 * Engagement events for one page view (public-site.md §7, §9): scroll depth at 25/50/75/90 %,
 * home sections seen at 10 % visibility, time spent with the page visible, and clicks on
 * elements marked data-service-interest="<service>" and choices in a select marked
 * data-service-interest-choice (the contact form's service type, reported also before the form's
 * code is there). Loaded lazily by the page-view module (app/enhance/page-view.ts); returns the
 * clean-up that stops it.
 */
const SCROLL_MILESTONES = [25, 50, 75, 90];
const HOME_SECTIONS = ["hero", "services", "expertise", "projects", "blog", "contact"];
const SECTION_THRESHOLD = 0.1;

export function observePage(pagePath: string): () => void {
  const cleanups: (() => void)[] = [];

  const reached = new Set<number>();
  let frame = 0;
  const measure = () => {
    frame = 0;
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    if (scrollable <= 0) return;
    const percent = (window.scrollY / scrollable) * 100;
    for (const milestone of SCROLL_MILESTONES) {
      if (percent >= milestone && !reached.has(milestone)) {
        reached.add(milestone);
        pushDataLayer("scroll_depth", { scroll_percentage: milestone, page_path: pagePath });
      }
    }
  };
  const onScroll = () => {
    frame ||= requestAnimationFrame(measure);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  cleanups.push(() => {
    window.removeEventListener("scroll", onScroll);
    cancelAnimationFrame(frame);
  });

  if (pagePath === "/" && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          pushDataLayer("section_view", { section_id: entry.target.id, page_path: pagePath });
          observer.unobserve(entry.target);
        }
      },
      { threshold: SECTION_THRESHOLD },
    );
    for (const id of HOME_SECTIONS) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    cleanups.push(() => observer.disconnect());
  }

  // Visible time only: a tab left in the background is not engagement.
  let visibleSince = document.visibilityState === "visible" ? performance.now() : 0;
  let engaged = 0;
  const flush = () => {
    if (visibleSince) engaged += performance.now() - visibleSince;
    visibleSince = 0;
    if (engaged >= 1_000) {
      pushDataLayer("user_engagement", { engagement_time_msec: Math.round(engaged), page_path: pagePath });
    }
    engaged = 0;
  };
  const onVisibility = () => {
    if (document.visibilityState === "hidden") flush();
    else visibleSince = performance.now();
  };
  document.addEventListener("visibilitychange", onVisibility);
  cleanups.push(() => {
    document.removeEventListener("visibilitychange", onVisibility);
    flush();
  });

  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.("[data-service-interest]");
    if (!target) return;
    pushDataLayer("service_interest", {
      service_type: target.getAttribute("data-service-interest"),
      page_path: pagePath,
    });
  };
  // Listened for on window while capturing, before any handler of the page can stop it.
  window.addEventListener("click", onClick, true);
  cleanups.push(() => window.removeEventListener("click", onClick, true));
  const onChange = (event: Event) => {
    const target = event.target as HTMLSelectElement | null;
    if (!target?.matches?.("select[data-service-interest-choice]")) return;
    pushDataLayer("service_interest", { service_type: target.value, page_path: pagePath });
  };
  window.addEventListener("change", onChange, true);
  cleanups.push(() => window.removeEventListener("change", onChange, true));

  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
