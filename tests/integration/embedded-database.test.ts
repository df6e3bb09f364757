import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The zero-setup database as a user meets it: real processes on one DATA_DIR, one of them killed.
const port = Number(process.env.TEST_PG_PORT ?? 55600) + 7;
const dataDir = await mkdtemp(path.join(tmpdir(), "betic-embedded-"));
const children: ChildProcess[] = [];

function run(mode: "write" | "count") {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port),
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/hold-database.ts", mode], {
    env,
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (output.includes(text) ? resolve() : undefined);
      child.stdout!.on("data", check);
      void exited.then(() => (output.includes(text) ? resolve() : reject(new Error(output))));
    });
  return { child, exited, printed, output: () => output };
}

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  const leftover = spawn("pkill", ["-f", `${dataDir}/postgres`]);
  await new Promise((resolve) => leftover.on("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("refuses a second process on the same data directory, then survives SIGKILL without losing a commit", async () => {
    const first = run("write");
    await first.printed("committed");

    const second = run("count");
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain("Another running instance");

    first.child.kill("SIGKILL");
    await first.exited;

    const third = run("count");
    expect(await third.exited).toBe(0);
    expect(third.output()).toContain("count=1");
    // The app's everyday connection owns its schema but is not a superuser.
    expect(third.output()).toContain("superuser=false");
    expect(await readdir(path.join(dataDir, "postgres"))).not.toContain("postmaster.pid");
  }, 120_000);
});
