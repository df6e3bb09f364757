/**
 * Where this visit came from (issue 38, decision 029): its first page, the site that sent the
 * visitor there and the UTM values of that first address, kept in the tab's sessionStorage (gone
 * when the tab closes; no cookie, nothing sent on its own). The contact form sends it with a
 * request, so the request says which page, search engine or campaign brought it.
 */
export type VisitOrigin = {
  landingPage: string;
  referrer: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  width: number;
};

const KEY = "visit-origin";

/** The utm_source, utm_medium and utm_campaign of an address's query string. */
export function utmOf(search: string) {
  const params = new URLSearchParams(search);
  return {
    utmSource: params.get("utm_source"),
    utmMedium: params.get("utm_medium"),
    utmCampaign: params.get("utm_campaign"),
  };
}

/** Keeps this page as the visit's origin unless an earlier page of the visit already is. */
export function noteVisitOrigin(path: string) {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const origin: VisitOrigin = {
      landingPage: path,
      referrer: document.referrer,
      ...utmOf(window.location.search),
      width: window.innerWidth,
    };
    sessionStorage.setItem(KEY, JSON.stringify(origin));
  } catch {
    // Storage refused (a private mode, a full quota): the request's origin stays unknown.
  }
}

/** The visit's origin and the page the form is on, as the form's hidden field sends them. */
export function visitOriginField(): string {
  let origin: Partial<VisitOrigin> = {};
  try {
    origin = JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Partial<VisitOrigin>;
  } catch {
    // As above: only the form's page is known.
  }
  return JSON.stringify({ ...origin, formPage: window.location.pathname });
}
