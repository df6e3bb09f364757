import {
  allowsTagManager,
  CONSENT_ALL,
  CONSENT_NONE,
  consentCookie,
  MANAGE_CONSENT_HASH,
  parseConsent,
  type Consent,
} from "~/lib/consent";
import type { TagManagerConfig } from "~/lib/tag-manager";

/**
 * The cookie banner and the tag manager (CNIL rules, public-site.md §7). The server renders the
 * banner, open on a first visit when a tag manager is configured, hidden otherwise; it is a form
 * posting to /api/consent, which works without JavaScript. Here the choice is applied in place,
 * the footer's 'Gérer les cookies' reopens it, and the tag manager is fetched only once some
 * purpose was granted (its code is not part of this module).
 */
const banner = document.querySelector<HTMLElement>("[data-consent-banner]");
const tagManager = banner?.dataset.tagManager
  ? (JSON.parse(banner.dataset.tagManager) as TagManagerConfig)
  : null;
let consent = parseConsent(document.cookie);

function startTagManager() {
  if (!tagManager || !consent || !allowsTagManager(consent)) return;
  const granted = consent;
  void import("~/lib/tag-manager").then(({ loadTagManager }) => loadTagManager(tagManager, granted));
}

function openBanner() {
  if (!banner) return;
  for (const purpose of ["analytics", "marketing"] as const) {
    const box = banner.querySelector<HTMLInputElement>(`input[name="${purpose}"]`);
    if (box) box.checked = consent?.[purpose] ?? false;
  }
  banner.hidden = false;
  banner.querySelector<HTMLElement>("h2")?.focus();
}

function choose(next: Consent) {
  document.cookie = consentCookie(next, window.location.protocol === "https:");
  consent = next;
  banner!.hidden = true;
  if (allowsTagManager(next)) return startTagManager();
  // A withdrawal must take effect now: drop the cookies, and reload to unload the tag manager.
  void import("~/lib/tag-manager").then(({ deleteAnalyticsCookies, tagManagerLoaded }) => {
    deleteAnalyticsCookies();
    if (tagManagerLoaded()) window.location.reload();
  });
}

banner?.querySelector("form")!.addEventListener("submit", (event) => {
  event.preventDefault();
  const choice = (event.submitter as HTMLButtonElement | null)?.value;
  const form = new FormData(event.currentTarget as HTMLFormElement);
  if (choice === "accept") choose(CONSENT_ALL);
  else if (choice === "refuse") choose(CONSENT_NONE);
  else choose({ analytics: form.has("analytics"), marketing: form.has("marketing") });
});

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-manage-consent]")) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    openBanner();
  });
}

// The footer's form was sent before this module ran (or without it): do now what it asked for.
if (window.location.hash === MANAGE_CONSENT_HASH) {
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  openBanner();
}

startTagManager();
