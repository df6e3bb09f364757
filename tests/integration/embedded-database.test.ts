import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The zero-setup database as a user meets it: real processes on one DATA_DIR, one of them killed.
const port = Number(process.env.TEST_PG_PORT ?? 55600) + 7;
const dataDir = await mkdtemp(path.join(tmpdir(), "betic-embedded-"));
const otherDataDir = await mkdtemp(path.join(tmpdir(), "betic-embedded-"));
const children: ChildProcess[] = [];

function run(mode: "write" | "count", options: { dataDir?: string; port?: number | null } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir ?? dataDir, LOG_LEVEL: "warn" };
  const fixedPort = options.port === undefined ? port : options.port;
  if (fixedPort === null) delete env.EMBEDDED_PG_PORT;
  else env.EMBEDDED_PG_PORT = String(fixedPort);
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
  for (const dir of [dataDir, otherDataDir]) {
    const leftover = spawn("pkill", ["-f", `${dir}/postgres`]);
    await new Promise((resolve) => leftover.on("exit", resolve));
    await rm(dir, { recursive: true, force: true });
  }
});

const portFile = (dir: string) => path.join(dir, ".postgres-port");
const tookPort = (output: string) => Number(/port=(\d+)/.exec(output)?.[1]);

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

  it("takes a free port when its own is taken, remembers it in DATA_DIR, and EMBEDDED_PG_PORT wins", async () => {
    // The directory's remembered port is held by something else (here a bare listener; in life,
    // another copy of the app in another folder): the server starts on a free port and keeps it.
    const taken = port + 1;
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(taken, "127.0.0.1", resolve));
    await writeFile(portFile(otherDataDir), `${taken}\n`);
    try {
      const first = run("count", { dataDir: otherDataDir, port: null });
      expect(await first.exited).toBe(0);
      const chosen = tookPort(first.output());
      expect(chosen).toBeGreaterThan(0);
      expect(chosen).not.toBe(taken);
      expect(Number(await readFile(portFile(otherDataDir), "utf8"))).toBe(chosen);

      const again = run("count", { dataDir: otherDataDir, port: null });
      expect(await again.exited).toBe(0);
      expect(tookPort(again.output())).toBe(chosen);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }

    const forced = run("count", { dataDir: otherDataDir, port: port + 2 });
    expect(await forced.exited).toBe(0);
    expect(tookPort(forced.output())).toBe(port + 2);
  }, 120_000);
});
