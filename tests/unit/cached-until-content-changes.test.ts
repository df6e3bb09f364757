import { describe, expect, it } from "vitest";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { announceContentChanged } from "~/server/content-changes.server";

describe("cachedUntilContentChanges", () => {
  it("reads once, then again after a change", async () => {
    let reads = 0;
    const get = cachedUntilContentChanges(async () => ++reads, { fallback: 0, failure: "read failed" });
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    announceContentChanged("site_settings");
    expect(await get()).toBe(2);
    expect(reads).toBe(2);
  });

  it("with tables, only their changes drop the value", async () => {
    let reads = 0;
    const get = cachedUntilContentChanges(async () => ++reads, {
      fallback: 0,
      failure: "read failed",
      tables: ["blog_categories"],
    });
    await get();
    announceContentChanged("site_settings");
    expect(await get()).toBe(1);
    announceContentChanged("blog_categories");
    expect(await get()).toBe(2);
  });

  it("answers the fallback on a failed read and does not keep it", async () => {
    let fail = true;
    const get = cachedUntilContentChanges(
      async () => {
        if (fail) throw new Error("database down");
        return "read";
      },
      { fallback: "fallback", failure: "read failed" },
    );
    expect(await get()).toBe("fallback");
    fail = false;
    expect(await get()).toBe("read");
  });
});
