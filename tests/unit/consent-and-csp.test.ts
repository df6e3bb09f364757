import { describe, expect, it } from "vitest";
import {
  allowsTagManager,
  CONSENT_ALL,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_NONE,
  consentCookie,
  parseConsent,
} from "~/lib/consent";
import { checkCspDomain, cspSourceOf } from "~/lib/csp-domain";
import {
  contentSecurityPolicy,
  type CspDomain,
  isAdminPath,
  isAdminPreviewPath,
} from "~/server/security/csp.server";
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
  const domains = [
    { source: "https://www.googletagmanager.com", directives: ["script-src", "img-src", "connect-src"] },
    { source: "https://*.google-analytics.com", directives: ["img-src", "connect-src"] },
    { source: "https://www.google.com", directives: ["script-src", "frame-src"] },
  ] satisfies CspDomain[];
  const directive = (policy: string, name: string) =>
    policy
      .split("; ")
      .find((part) => part === name || part.startsWith(`${name} `))
      ?.split(" ")
      .slice(1);

  it("puts each domain only in the directives it was given, scripts by nonce and 'strict-dynamic'", () => {
    const policy = contentSecurityPolicy({ area: "public", domains, scripts: { nonce: "abc123==" } });
    expect(directive(policy, "script-src")).toEqual([
      "'nonce-abc123=='",
      "'strict-dynamic'",
      "'self'",
      "https://www.googletagmanager.com",
      "https://www.google.com",
    ]);
    expect(directive(policy, "connect-src")).toEqual([
      "'self'",
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
    ]);
    expect(directive(policy, "frame-src")).toEqual(["'self'", "https://www.google.com"]);
    expect(directive(policy, "img-src")).not.toContain("https://www.google.com");
    expect(directive(policy, "img-src")).not.toContain("https:");
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
    expect(directive(policy, "upgrade-insecure-requests")).toBeUndefined();
    expect(
      directive(
        contentSecurityPolicy({ area: "public", domains: [], scripts: { nonce: "n" }, https: true }),
        "upgrade-insecure-requests",
      ),
    ).toEqual([]);
  });

  it("leaves out a directive that would only repeat default-src 'self' (every cached page carries it)", () => {
    const bare = contentSecurityPolicy({ area: "public", domains: [], scripts: { nonce: "n" } });
    expect(directive(bare, "default-src")).toEqual(["'self'"]);
    for (const name of ["connect-src", "frame-src", "manifest-src", "media-src"]) {
      expect(directive(bare, name), name).toBeUndefined();
    }
    // worker-src falls back to script-src, whose 'strict-dynamic' ignores 'self'.
    expect(directive(bare, "worker-src")).toEqual(["'self'"]);
    expect(directive(bare, "font-src")).toEqual(["'self'", "data:"]);
    const development = contentSecurityPolicy({
      area: "public",
      domains: [],
      scripts: { nonce: "n" },
      dev: true,
    });
    expect(directive(development, "connect-src")).toEqual(["'self'", "ws:"]);
  });

  it("takes the hashes of a cached page instead of a nonce", () => {
    const policy = contentSecurityPolicy({
      area: "public",
      domains,
      scripts: { hashes: ["sha256-AAA=", "sha256-BBB="] },
    });
    expect(directive(policy, "script-src")?.slice(0, 3)).toEqual([
      "'sha256-AAA='",
      "'sha256-BBB='",
      "'strict-dynamic'",
    ]);
    expect(policy).not.toContain("nonce");
  });

  it("gives the back office no third-party origin but images over https:, and forbids framing it", () => {
    const policy = contentSecurityPolicy({ area: "admin", scripts: { nonce: "abc" }, https: true });
    // An image URL pasted in an image field shows in its preview; nothing else leaves the site.
    expect(directive(policy, "img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    const others = policy.split("; ").filter((part) => !part.startsWith("img-src "));
    expect(others.join("; ")).not.toMatch(/https?:/);
    expect(policy.split("; ").flatMap((part) => part.split(" ").slice(1))).not.toContain("*");
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "script-src")).toEqual(["'nonce-abc'", "'strict-dynamic'", "'self'"]);
  });

  it("lets the back office frame its own preview pages, and nothing else", () => {
    const policy = contentSecurityPolicy({ area: "admin", scripts: { nonce: "abc" }, framedBySelf: true });
    expect(directive(policy, "frame-ancestors")).toEqual(["'self'"]);
    for (const path of ["/admin/blog/preview/1f0c", "/admin/projects/preview/42"])
      expect(isAdminPreviewPath(path), path).toBe(true);
    for (const path of [
      "/admin/blog/edit/1",
      "/admin/blog/preview",
      "/admin/blog/preview/1/x",
      "/blog/preview/1",
    ])
      expect(isAdminPreviewPath(path), path).toBe(false);
  });

  it("applies the back office's policy to its pages and their data requests only", () => {
    for (const path of ["/admin", "/admin.data", "/admin/login", "/admin/cors.data"])
      expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/", "/administration", "/admin-tips", "/blog/admin"])
      expect(isAdminPath(path), path).toBe(false);
  });
});

describe("CSP and CORS domains", () => {
  it("refuses '*', public-suffix wildcards, http: and paths, with French reasons", () => {
    for (const refused of [
      "*",
      "https://*",
      "*.com",
      "*.fr",
      "https://*.com",
      "*.co.uk",
      "*.gouv.fr",
      "*.github.io",
    ])
      expect(checkCspDomain(refused), refused).toMatchObject({ ok: false });
    expect(checkCspDomain("*.com")).toEqual({
      ok: false,
      message: "Un joker doit porter sur un domaine précis (ex. *.exemple.fr), pas sur « *.com ».",
    });
    expect(checkCspDomain("http://cdn.example.com")).toEqual({
      ok: false,
      message: "Seules les adresses https sont acceptées (pas http://).",
    });
    expect(checkCspDomain("https://cdn.example.com/scripts/")).toMatchObject({ ok: false });
    expect(checkCspDomain("cdn.example.com?x=1")).toMatchObject({ ok: false });
    expect(checkCspDomain("https://evil.example; script-src *")).toMatchObject({ ok: false });
    expect(checkCspDomain("'unsafe-inline'")).toMatchObject({ ok: false });
    expect(checkCspDomain("")).toEqual({ ok: false, message: "Le domaine est requis" });
  });

  it("prefixes https:// as the spec says, keeps wildcards over a real domain", () => {
    expect(checkCspDomain("cdn.example.com")).toEqual({ ok: true, domain: "https://cdn.example.com" });
    expect(checkCspDomain(" HTTPS://CDN.Example.com/ ")).toEqual({
      ok: true,
      domain: "https://cdn.example.com",
    });
    expect(checkCspDomain("*.example.com")).toEqual({ ok: true, domain: "*.example.com" });
    expect(checkCspDomain("*.example.co.uk")).toEqual({ ok: true, domain: "*.example.co.uk" });
    expect(checkCspDomain("https://*.google-analytics.com")).toEqual({
      ok: true,
      domain: "https://*.google-analytics.com",
    });
    expect(checkCspDomain("https://api.example.com:8443")).toEqual({
      ok: true,
      domain: "https://api.example.com:8443",
    });
    expect(cspSourceOf("*.example.com")).toBe("https://*.example.com");
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
