import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ConsentBanner, MANAGE_CONSENT_EVENT } from "~/components/site/consent-banner";
import { MANAGE_CONSENT_HASH, allowsTagManager, consentCookie, type Consent } from "~/lib/consent";
import { pushDataLayer } from "~/lib/data-layer";
import { notePageView } from "~/lib/page-trail";
import type { TagManagerConfig } from "~/lib/tag-manager";

type Props = {
  /** From the layout loader: getTrackingState(request) in app/server/analytics/tracking.server.ts. */
  tracking: { consent: Consent | null; tagManager: TagManagerConfig | null };
};

/** The first page view of this document carries the external referrer; later ones do not. */
let firstView = true;
/** The choice made in this document, if any (the loader's value may predate it). */
let choiceMadeHere: Consent | undefined;

/**
 * Everything the public site measures, in one place: the consent banner, the anonymous page-view
 * beacon (no cookie, sent whatever the choice), data-layer events, and the tag manager, loaded
 * only after consent. The tag-manager and engagement code is fetched lazily, after the page.
 */
export function Tracking({ tracking }: Props) {
  const location = useLocation();
  // The layout's data can be older than a choice made on this page (this component is mounted
  // again when an error page replaces the route): a choice made here wins.
  const [consent, setConsent] = useState(() => choiceMadeHere ?? tracking.consent);
  // Without a tag manager the site sets no cookie needing consent: no banner until asked for.
  const [banner, setBanner] = useState<"closed" | "first-visit" | "requested">(
    consent || !tracking.tagManager ? "closed" : "first-visit",
  );

  useEffect(() => {
    const open = () => setBanner("requested");
    window.addEventListener(MANAGE_CONSENT_EVENT, open);
    if (window.location.hash === MANAGE_CONSENT_HASH) {
      // The footer's form was sent before this page was interactive: do now what it asked for.
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
      open();
    }
    return () => window.removeEventListener(MANAGE_CONSENT_EVENT, open);
  }, []);

  // One page view per navigation (a change of path or query).
  const pagePath = location.pathname;
  const pageKey = location.pathname + location.search;
  useEffect(() => {
    const referrer = firstView ? document.referrer : null;
    firstView = false;
    notePageView(pagePath);
    navigator.sendBeacon?.(
      "/api/beacon",
      JSON.stringify({ path: pagePath, referrer, width: window.innerWidth }),
    );
    pushDataLayer("page_view", {
      page_path: pageKey,
      page_location: window.location.href,
      page_title: document.title,
    });
    if (pagePath === "/") pushDataLayer("homepage_loaded", { page_path: "/" });
  }, [pagePath, pageKey]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("~/lib/engagement").then(({ observePage }) => {
      if (!cancelled) stop = observePage(pagePath);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pagePath]);

  const { tagManager } = tracking;
  useEffect(() => {
    if (!tagManager || !consent || !allowsTagManager(consent)) return;
    void import("~/lib/tag-manager").then(({ loadTagManager }) => loadTagManager(tagManager, consent));
  }, [tagManager, consent]);

  const choose = useCallback((next: Consent) => {
    document.cookie = consentCookie(next, window.location.protocol === "https:");
    setBanner("closed");
    setConsent(next);
    if (!allowsTagManager(next)) {
      // A withdrawal must take effect now: drop the cookies, and reload to unload the tag manager.
      void import("~/lib/tag-manager").then(({ deleteAnalyticsCookies, tagManagerLoaded }) => {
        deleteAnalyticsCookies();
        if (tagManagerLoaded()) window.location.reload();
      });
    }
  }, []);

  return (
    <ConsentBanner
      open={banner !== "closed"}
      consent={consent}
      focusOnOpen={banner === "requested"}
      onChoose={choose}
    />
  );
}
