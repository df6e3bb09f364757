import { describe, expect, it } from "vitest";
import { originLines, sourceLabel } from "~/lib/admin/contact-origin";

const none = { landingPage: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null };

describe("a request's origin as the back office says it", () => {
  it("names the known sites as people do, and keeps the others' host", () => {
    expect(sourceLabel("www.google.fr")).toBe("Google");
    expect(sourceLabel("google.com")).toBe("Google");
    expect(sourceLabel("m.facebook.com")).toBe("Facebook");
    expect(sourceLabel("www.pagesjaunes.fr")).toBe("PagesJaunes");
    expect(sourceLabel("www.notgoogle.example")).toBe("notgoogle.example");
    expect(sourceLabel("flyer")).toBe("flyer");
    expect(sourceLabel("")).toBe("Accès direct");
  });

  it("says source → first page, then the campaign; nothing when nothing is known", () => {
    expect(
      originLines({ ...none, landingPage: "/blog/borne-de-recharge", referrerHost: "www.google.fr" }),
    ).toEqual(["Google → /blog/borne-de-recharge"]);
    expect(
      originLines({
        ...none,
        landingPage: "/",
        referrerHost: "www.google.fr",
        utmSource: "flyer",
        utmMedium: "print",
        utmCampaign: "flyer-printemps",
      }),
    ).toEqual(["flyer → /", "Campagne flyer-printemps (print)"]);
    expect(originLines({ ...none, landingPage: "/contact" })).toEqual(["Accès direct → /contact"]);
    expect(originLines({ ...none, utmCampaign: "salon" })).toEqual(["Campagne salon"]);
    expect(originLines(none)).toEqual([]);
  });
});
