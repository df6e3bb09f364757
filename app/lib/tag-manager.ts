import type { Consent } from "./consent";

/**
 * Loads Google Tag Manager once, after consent (its host is in the CSP's script sources), and tells it what was
 * granted through Consent Mode (analytics_storage for audience measurement, ad_* for marketing).
 */
export type TagManagerConfig = { gtmId: string; ga4Id: string | null; allowedHosts: string[] };

const SCRIPT_ID = "gtm-script";

export function tagManagerLoaded() {
  return !!document.getElementById(SCRIPT_ID);
}

export function loadTagManager(config: TagManagerConfig, consent: Consent) {
  if (!config.allowedHosts.includes(window.location.hostname)) return;
  const dataLayer = (window.dataLayer ??= []);
  const grants = consentModeGrants(consent);
  if (tagManagerLoaded()) {
    gtag("consent", "update", grants);
    return;
  }
  gtag("consent", "default", grants);
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js", ga4_measurement_id: config.ga4Id });
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.gtmId)}`;
  // A page rendered for one visitor has a nonce (public pages have hashes instead). The nonce
  // attribute is hidden from the DOM once parsed, but the property keeps it.
  script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  document.head.appendChild(script);
}

function consentModeGrants(consent: Consent) {
  const analytics = consent.analytics ? "granted" : "denied";
  const marketing = consent.marketing ? "granted" : "denied";
  return {
    analytics_storage: analytics,
    ad_storage: marketing,
    ad_user_data: marketing,
    ad_personalization: marketing,
  };
}

/** gtag() as Google defines it: the data layer expects the `arguments` object itself. */
function gtag(..._args: unknown[]) {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

/** Removes the analytics cookies the tag manager may have set (after a withdrawal). */
export function deleteAnalyticsCookies() {
  const host = window.location.hostname;
  const domains = ["", host, `.${host.replace(/^www\./, "")}`];
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0]!.trim();
    if (!/^(_ga|_gid|_gat|_gcl)/.test(name)) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
}
