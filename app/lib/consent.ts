/**
 * The visitor's cookie choice (CNIL rules): a first-party cookie `consent` kept about six
 * months, read by the server (so a returning visitor gets no banner flash) and by the browser.
 * Its value lists the granted purposes, or "none" after a refusal: "analytics.marketing",
 * "analytics", "marketing" or "none".
 */
export const CONSENT_COOKIE = "consent";
/**
 * Added to the address the 'Gérer les cookies' form returns to when it was sent before the page's
 * scripts ran (a slow phone, or none): the page opens the banner once it is interactive.
 */
export const MANAGE_CONSENT_HASH = "#cookies";
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

export type Consent = { analytics: boolean; marketing: boolean };

export const CONSENT_ALL: Consent = { analytics: true, marketing: true };
export const CONSENT_NONE: Consent = { analytics: false, marketing: false };

/** The choice stored in a Cookie header (or document.cookie), null while the visitor has not chosen. */
export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  if (!cookieHeader) return null;
  const match = /(?:^|;\s*)consent=([a-z.]+)(?:;|$)/.exec(cookieHeader);
  if (!match) return null;
  const granted = match[1]!.split(".");
  if (!granted.every((value) => value === "analytics" || value === "marketing" || value === "none")) {
    return null;
  }
  return { analytics: granted.includes("analytics"), marketing: granted.includes("marketing") };
}

export function consentValue(consent: Consent): string {
  const granted = [consent.analytics && "analytics", consent.marketing && "marketing"].filter(Boolean);
  return granted.length > 0 ? granted.join(".") : "none";
}

/** The whole Set-Cookie / document.cookie string for a choice. */
export function consentCookie(consent: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consentValue(consent)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Tag manager runs only when some purpose was granted. */
export function allowsTagManager(consent: Consent | null): boolean {
  return !!consent && (consent.analytics || consent.marketing);
}
