import { pushDataLayer } from "~/lib/data-layer";
import { notePageView } from "~/lib/page-trail";
import { noteVisitOrigin, utmOf } from "~/lib/visit-origin";

/**
 * The page view (public-site.md §7): the anonymous beacon (no cookie, sent whatever the consent),
 * the data layer's page_view (and homepage_loaded), then the engagement events, whose code loads
 * after. A page prerendered by the speculation rules (document.prerendering) counts only once it
 * is shown, and never if the visitor goes elsewhere.
 */
function countView() {
  const path = window.location.pathname;
  notePageView(path);
  noteVisitOrigin(path);
  navigator.sendBeacon?.(
    "/api/beacon",
    JSON.stringify({
      path,
      referrer: document.referrer,
      width: window.innerWidth,
      ...utmOf(window.location.search),
    }),
  );
  pushDataLayer("page_view", {
    page_path: path + window.location.search,
    page_location: window.location.href,
    page_title: document.title,
  });
  if (path === "/") pushDataLayer("homepage_loaded", { page_path: "/" });
  void import("~/lib/engagement").then(({ observePage }) => observePage(path));
}

if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener("prerenderingchange", countView, { once: true });
} else {
  countView();
}
