import { scryptSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scryptOnHashThread } from "~/server/auth/hash-threads.server";

const OPTIONS = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The nice value of each thread of this process by thread id (/proc/self/task/<tid>/stat). */
function threadNiceValues() {
  const nice = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return nice;
}

describe("scryptOnHashThread", () => {
  it("derives the key scrypt derives, and again on the same thread", async () => {
    const expected = scryptSync("mot de passe", "sel", 64, OPTIONS);
    expect((await scryptOnHashThread("mot de passe", "sel", 64, OPTIONS)).equals(expected)).toBe(true);
    expect((await scryptOnHashThread("mot de passe", "sel", 64, OPTIONS)).equals(expected)).toBe(true);
  });

  it("turns a refused derivation into a rejection", async () => {
    await expect(scryptOnHashThread("x", "sel", 64, { ...OPTIONS, maxmem: 1024 })).rejects.toThrow(/memory/i);
  });

  it.runIf(process.platform === "linux")(
    "hashes on threads at the lowest priority, the process's own at theirs",
    async () => {
      // Two at once: a thread each (kept for the next hashes).
      await Promise.all([
        scryptOnHashThread("a", "sel", 64, OPTIONS),
        scryptOnHashThread("b", "sel", 64, OPTIONS),
      ]);
      const nice = threadNiceValues();
      expect([...nice.values()].filter((value) => value === 19).length).toBeGreaterThanOrEqual(2);
      expect(nice.get(process.pid)).toBe(0);
    },
  );
});
