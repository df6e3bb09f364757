/**
 * The pages of this visit, in the browser's memory only (no cookie, no storage): enough to tell
 * which page brought a visitor to the contact form. Fed by the tracking component on each view.
 */
let current: string | null = null;
let previous: string | null = null;

/** Our own path of a full-page referrer, or null for another site or none. */
function sameOriginPath(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === window.location.origin ? url.pathname : null;
  } catch {
    return null;
  }
}

export function notePageView(path: string) {
  if (path === current) return;
  previous = current ?? sameOriginPath(document.referrer);
  current = path;
}

/** The page viewed before this one in the visit, or this one when the visit began here. */
export function sourcePage(): string | null {
  return previous ?? current;
}
