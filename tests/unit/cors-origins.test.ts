import { describe, expect, it } from "vitest";
import { corsDomainSchema } from "~/lib/schemas/cors";
import { isAllowedOrigin } from "~/server/security/cors.server";

describe("CORS origins", () => {
  const origins = ["https://partenaire.fr", "https://*.exemple.fr", "https://*.port.fr:8443"];

  it("lets in a listed origin and the subdomains of a wildcard, over https only", () => {
    expect(isAllowedOrigin("https://partenaire.fr", origins)).toBe(true);
    expect(isAllowedOrigin("https://www.exemple.fr", origins)).toBe(true);
    expect(isAllowedOrigin("https://a.b.exemple.fr", origins)).toBe(true);
    expect(isAllowedOrigin("https://x.port.fr:8443", origins)).toBe(true);
  });

  it("keeps out the rest: other sites, the wildcard's own parent, look-alikes, http, ports, junk", () => {
    expect(isAllowedOrigin("https://www.partenaire.fr", origins)).toBe(false);
    expect(isAllowedOrigin("https://exemple.fr", origins)).toBe(false);
    expect(isAllowedOrigin("https://malexemple.fr", origins)).toBe(false);
    expect(isAllowedOrigin("https://exemple.fr.evil.com", origins)).toBe(false);
    expect(isAllowedOrigin("http://partenaire.fr", origins)).toBe(false);
    expect(isAllowedOrigin("https://partenaire.fr:444", origins)).toBe(false);
    expect(isAllowedOrigin("https://x.port.fr", origins)).toBe(false);
    expect(isAllowedOrigin("null", origins)).toBe(false);
    expect(isAllowedOrigin("https://partenaire.fr/chemin", origins)).toBe(false);
  });
});

describe("the domain dialog's schema", () => {
  const parse = (domain: string) => corsDomainSchema.safeParse({ domain, type: "csp", cspDirectives: [] });

  it("normalises as the spec says and keeps the default directives when none is ticked", () => {
    const result = parse("cdn.exemple.fr");
    expect(result.success && result.data).toMatchObject({
      domain: "https://cdn.exemple.fr",
      cspDirectives: ["connect-src", "img-src"],
    });
    expect(parse("*.exemple.fr").success && parse("*.exemple.fr").data?.domain).toBe("*.exemple.fr");
  });

  it("refuses '*', a public-suffix wildcard, http: and paths with the validator's messages", () => {
    for (const domain of ["", "*", "*.com", "*.co.uk", "http://exemple.fr", "https://exemple.fr/x"]) {
      expect(parse(domain).success, domain).toBe(false);
    }
  });
});
