import { describe, expect, it } from "vitest";
import { loader } from "~/routes/resources/readyz";
import { getPool } from "~/server/db/client.server";
import { lifecycle } from "~/server/health/lifecycle.server";

// Issue 36, point 8: /readyz is public; a flood of it must not become a flood of queries.
describe("/readyz", () => {
  it("asks the database at most once a second, and says so to every probe meanwhile", async () => {
    lifecycle.ready();
    await loader();
    let queries = 0;
    const count = () => (queries += 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    getPool().on("acquire", count);
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => loader()));
      for (let i = 0; i < 50; i++) answers.push(await loader());
      expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
      // One check for the hundred probes (two if the second turned meanwhile).
      expect(queries).toBeLessThanOrEqual(2);
    } finally {
      getPool().off("acquire", count);
    }
    // Draining answers 503 at once, whatever was checked.
    lifecycle.stopping();
    expect((await loader()).status).toBe(503);
  });
});
