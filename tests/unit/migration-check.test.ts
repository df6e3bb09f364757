import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// npm run test:migrations (scripts/check-migrations.js, Squawk) on a folder of migrations.
let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function check(files: Record<string, string>) {
  folder = mkdtempSync(path.join(tmpdir(), "betic-migrations-"));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(folder, name), sql);
  const run = spawnSync(process.execPath, ["scripts/check-migrations.js", folder], { encoding: "utf8" });
  return { code: run.status, output: run.stdout + run.stderr };
}

// Each case starts Squawk's binary (25 MB): slow on a busy machine.
describe("the migration check", { timeout: 30_000 }, () => {
  it("fails a new migration that drops a column the previous release still reads", () => {
    const { code, output } = check({
      "0032_drop_phone.sql": 'ALTER TABLE "contacts" DROP COLUMN "phone";\n',
    });
    expect(code).toBe(1);
    expect(output).toContain("ban-drop-column");
  });

  it.each([
    ['ALTER TABLE "contacts" RENAME COLUMN "phone" TO "telephone";', "renaming-column"],
    ['ALTER TABLE "contacts" ADD COLUMN "siret" text NOT NULL;', "adding-required-field"],
    ['ALTER TABLE "contacts" ALTER COLUMN "phone" SET DATA TYPE integer;', "changing-column-type"],
    ['CREATE INDEX "contacts_phone_idx" ON "contacts" ("phone");', "require-concurrent-index-creation"],
    [
      'ALTER TABLE "contacts" ADD CONSTRAINT "c" CHECK (length("phone") < 30);',
      "constraint-missing-not-valid",
    ],
    ['DROP TABLE "redirects";', "ban-drop-table"],
  ])("fails %s (%s)", (sql, rule) => {
    const { code, output } = check({ "0032_change.sql": `${sql}\n` });
    expect(code).toBe(1);
    expect(output).toContain(rule);
  });

  it("passes an additive migration, and leaves the baseline's migrations alone", () => {
    const { code, output } = check({
      // In the baseline: accepted as released.
      "0003_analytics_rollups_and_inbox.sql": 'DROP INDEX "contacts_status_idx";\n',
      "0032_instances.sql": [
        'CREATE TABLE "things" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);',
        "--> statement-breakpoint",
        'CREATE INDEX "things_name_idx" ON "things" ("name");',
        "--> statement-breakpoint",
        'ALTER TABLE "contacts" ADD COLUMN "siret" text;',
        "--> statement-breakpoint",
        `ALTER TABLE "contacts" ADD COLUMN "level" integer DEFAULT 0 NOT NULL;`,
        "",
      ].join("\n"),
    });
    expect(output).toContain("1 added after the baseline");
    expect(code).toBe(0);
  });
});
