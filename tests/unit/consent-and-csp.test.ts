import { describe, expect, it } from "vitest";
import {
  allowsTagManager,
  CONSENT_ALL,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_NONE,
  consentCookie,
  parseConsent,
} from "~/lib/consent";
import { buildContentSecurityPolicy } from "~/server/security/csp.server";
import { deviceType, referrerHost } from "~/server/analytics/page-views.server";

describe("consent cookie", () => {
  it("reads every stored choice and nothing else", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("toast=abc")).toBeNull();
    expect(parseConsent("a=1; consent=analytics.marketing; b=2")).toEqual(CONSENT_ALL);
    expect(parseConsent("consent=none")).toEqual(CONSENT_NONE);
    expect(parseConsent("consent=analytics")).toEqual({ analytics: true, marketing: false });
    expect(parseConsent("consent=marketing")).toEqual({ analytics: false, marketing: true });
    expect(parseConsent("consent=everything")).toBeNull();
    expect(parseConsent("myconsent=analytics")).toBeNull();
  });

  it("is kept about six months and round-trips", () => {
    expect(CONSENT_MAX_AGE_SECONDS / 86_400).toBeGreaterThanOrEqual(180);
    expect(CONSENT_MAX_AGE_SECONDS / 86_400).toBeLessThanOrEqual(186);
    const cookie = consentCookie({ analytics: true, marketing: false }, true);
    expect(cookie).toMatch(/^consent=analytics; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    expect(parseConsent(cookie.split(";")[0])).toEqual({ analytics: true, marketing: false });
    expect(consentCookie(CONSENT_NONE, false)).toMatch(/^consent=none;/);
  });

  it("lets the tag manager run only after some purpose was granted", () => {
    expect(allowsTagManager(null)).toBe(false);
    expect(allowsTagManager(CONSENT_NONE)).toBe(false);
    expect(allowsTagManager({ analytics: true, marketing: false })).toBe(true);
  });
});

describe("content security policy", () => {
  const policy = buildContentSecurityPolicy(["https://www.googletagmanager.com", "*.example.com"], {
    nonce: "abc123==",
  });
  const directive = (name: string) =>
    policy
      .split("; ")
      .find((part) => part.startsWith(`${name} `))
      ?.split(" ")
      .slice(1);

  it("allows the nonce and the database's domains for scripts, calls, frames and images", () => {
    expect(directive("script-src")).toEqual([
      "'self'",
      "'nonce-abc123=='",
      "https://www.googletagmanager.com",
      "*.example.com",
    ]);
    for (const name of ["connect-src", "frame-src", "img-src"]) {
      expect(directive(name)).toContain("https://www.googletagmanager.com");
    }
    expect(directive("object-src")).toEqual(["'none'"]);
    expect(directive("script-src")).not.toContain("'unsafe-inline'");
  });

  it("shows a placeholder for the back office when no nonce is given", () => {
    expect(buildContentSecurityPolicy([])).toContain("'nonce-{nonce}'");
  });
});

describe("page-view beacon fields", () => {
  it("classes devices by viewport width (mobile < 768, tablet < 1024)", () => {
    expect(deviceType(375)).toBe("mobile");
    expect(deviceType(767)).toBe("mobile");
    expect(deviceType(768)).toBe("tablet");
    expect(deviceType(1023)).toBe("tablet");
    expect(deviceType(1024)).toBe("desktop");
  });

  it("keeps only an external referrer's host", () => {
    expect(referrerHost("https://www.google.fr/search?q=electricien", "betic.fr")).toBe("www.google.fr");
    expect(referrerHost("https://betic.fr/blog", "betic.fr")).toBeNull();
    expect(referrerHost("not a url", "betic.fr")).toBeNull();
    expect(referrerHost(null, "betic.fr")).toBeNull();
  });
});
