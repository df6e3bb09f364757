import { describe, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { pageViews, rateLimits } from "~/server/db/schema";
import { recordPageView } from "~/server/analytics/page-views.server";

const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

describe("anonymous page views", () => {
  it("stores path, referring host and device class, and nothing about the visitor", async () => {
    const result = await recordPageView({
      payload: {
        path: "/blog/mon-article?utm_source=x#top",
        referrer: "https://www.google.fr/search?q=a",
        width: 390,
      },
      userAgent: BROWSER,
      clientIp: "203.0.113.7",
      ownHost: "betic.fr",
      staff: false,
    });
    expect(result).toBe("recorded");
    const [row] = await db().select().from(pageViews).orderBy(desc(pageViews.id)).limit(1);
    expect(row).toMatchObject({ path: "/blog/mon-article", referrer: "www.google.fr", deviceType: "mobile" });
    // The visitor is a salted hash of the day, not the address.
    expect(row!.visitorHash).toMatch(/^[\w-]{22}$/);
    expect(row!.visitorHash).not.toContain("203.0.113.7");
    // The limiter's counter is keyed by a hash, never by the address.
    const keys = (await db().select().from(rateLimits)).map((limit) => limit.key);
    expect(keys.join(" ")).not.toContain("203.0.113.7");
  });

  it("ignores robots, the back office and signed-in staff", async () => {
    const before = (await db().select().from(pageViews)).length;
    const bot = await recordPageView({
      payload: { path: "/", width: 1200 },
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      clientIp: "203.0.113.8",
      ownHost: "betic.fr",
      staff: false,
    });
    const admin = await recordPageView({
      payload: { path: "/admin/projects", width: 1200 },
      userAgent: BROWSER,
      clientIp: "203.0.113.8",
      ownHost: "betic.fr",
      staff: false,
    });
    const staff = await recordPageView({
      payload: { path: "/", width: 1200 },
      userAgent: BROWSER,
      clientIp: "203.0.113.8",
      ownHost: "betic.fr",
      staff: true,
    });
    expect([bot, admin, staff]).toEqual(["ignored", "ignored", "ignored"]);
    expect((await db().select().from(pageViews)).length).toBe(before);
  });

  it("ignores a path a browser would read as another site", async () => {
    const before = (await db().select().from(pageViews)).length;
    for (const path of ["//evil.example/x", "/\\evil.example", "/\t/evil.example", "/a/..//evil.example"]) {
      const result = await recordPageView({
        payload: { path, width: 1200 },
        userAgent: BROWSER,
        clientIp: "203.0.113.9",
        ownHost: "betic.fr",
        staff: false,
      });
      expect(result, path).toBe("ignored");
    }
    expect((await db().select().from(pageViews)).length).toBe(before);
  });

  it("limits one address to 60 page views a minute", async () => {
    const send = () =>
      recordPageView({
        payload: { path: "/", width: 1400 },
        userAgent: BROWSER,
        clientIp: "198.51.100.1",
        ownHost: "betic.fr",
        staff: false,
      });
    const results = [];
    for (let i = 0; i < 61; i += 1) results.push(await send());
    expect(results.slice(0, 60).every((result) => result === "recorded")).toBe(true);
    expect(results[60]).toBe("limited");
  });
});
