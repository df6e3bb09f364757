import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SIGN_IN_INTENT } from "~/lib/schemas/users";
import { migrationsFolder } from "~/server/db/migrate.server";
import { jobs } from "~/server/jobs/scheduler.server";
import { startApp } from "../support/e2e-app";
import {
  type Answer,
  collectAnswer,
  httpsRequest,
  sharedInstanceEnv,
  startCaddy,
  startS3,
} from "../support/deployment";
import { createDatabase, dropDatabase } from "../support/postgres";

// One site on loopback as in production: Caddy (HTTPS, internal CA) in front of two instances of
// the production build, one PostgreSQL database, media in s3rver.
const base = Number(process.env.E2E_PORT ?? 3300) + 60;
const ports = { https: base, http: base + 1, a: base + 2, b: base + 3, s3: base + 4, stub: base + 5 };
const admin = { email: "admin@betic.test", password: "mot-de-passe-du-test-24" };
const visitor = "127.0.0.2";
const dir = await mkdtemp(path.join(tmpdir(), "betic-instances-"));
const adminUrl = inject("adminUrl");
const database = `test_instances_${process.pid}`;

type App = Awaited<ReturnType<typeof startApp>>;
const apps: Record<"a" | "b", App | undefined> = { a: undefined, b: undefined };
let caddy: Awaited<ReturnType<typeof startCaddy>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let databaseUrl: string;
let cookie = "";

function startInstance(name: "a" | "b") {
  return startApp({
    port: ports[name],
    databaseUrl,
    dataDir: path.join(dir, name),
    stubPort: ports.stub,
    env: {
      ...sharedInstanceEnv(ports.https, s3.env),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
  });
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Through Caddy, as the visitor at 127.0.0.2. */
function viaProxy(
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
) {
  return httpsRequest(`${caddy.origin}${pathname}`, { ...init, ca: caddy.ca, localAddress: visitor });
}

/** Straight to one instance, as Caddy sends it. */
function direct(
  name: "a" | "b",
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${ports[name]}${pathname}`,
      {
        method: init.method ?? "GET",
        headers: {
          Host: `localhost:${ports.https}`,
          "X-Forwarded-For": visitor,
          "X-Forwarded-Proto": "https",
          ...(init.method && init.method !== "GET" ? { Origin: caddy.origin } : {}),
          ...init.headers,
        },
      },
      (res) => collectAnswer(res, resolve),
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

const form = (fields: Record<string, string>) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  body: new URLSearchParams(fields).toString(),
});

beforeAll(async () => {
  await dropDatabase(adminUrl, database);
  databaseUrl = await createDatabase(adminUrl, database);
  s3 = await startS3({ port: ports.s3, directory: path.join(dir, "s3"), bucket: "betic-media" });
  // Both at once on an empty database: one migrates, the other waits for it.
  [apps.a, apps.b] = await Promise.all([startInstance("a"), startInstance("b")]);
  caddy = await startCaddy({
    dir: path.join(dir, "caddy"),
    httpsPort: ports.https,
    httpPort: ports.http,
    upstreams: [ports.a, ports.b],
  });
  // Caddy's first health checks, and its certificate.
  const deadline = Date.now() + 30_000;
  while ((await viaProxy("/readyz").catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`The site did not answer through Caddy:\n${caddy.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  await caddy?.stop();
  await Promise.all([apps.a?.stop(), apps.b?.stop()]);
  await s3?.stop();
  await dropDatabase(adminUrl, database);
  await rm(dir, { recursive: true, force: true });
});

describe("two instances behind Caddy", () => {
  it("redirects HTTP to HTTPS", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`http://localhost:${ports.http}/blog?page=2`, resolve).on("error", reject),
    );
    answer.resume();
    expect(answer.statusCode).toBe(308);
    // Caddy 2.6 names no port in its redirect (right on 443, the only port it redirects to in production).
    const location = new URL(answer.headers.location!);
    expect([location.protocol, location.hostname, location.pathname + location.search]).toEqual([
      "https:",
      "localhost",
      "/blog?page=2",
    ]);
  });

  it("signs in through the proxy and stays signed in on either instance (secure cookie, HSTS, the visitor's address)", async () => {
    const { body, ...headers } = form({
      intent: SIGN_IN_INTENT,
      email: admin.email,
      password: admin.password,
    });
    const signIn = await viaProxy("/admin/login", {
      method: "POST",
      headers: { ...headers, Origin: caddy.origin },
      body,
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const setCookie = (signIn.headers["set-cookie"] ?? []) as string[];
    const session = setCookie.find((c) => /session_token=/.test(c));
    expect(session).toMatch(/; Secure/i);
    cookie = setCookie.map((c) => c.split(";")[0]).join("; ");

    for (let i = 0; i < 4; i++)
      expect((await viaProxy("/admin", { headers: { Cookie: cookie } })).status).toBe(200);
    for (const name of ["a", "b"] as const)
      expect((await direct(name, "/admin", { headers: { Cookie: cookie } })).status).toBe(200);
    // The instances saw the visitor's address through X-Forwarded-For, not Caddy's.
    const sessions = await sql<{ ip_address: string }>("select ip_address from sessions");
    expect(sessions.map((row) => row.ip_address)).toEqual([visitor]);
  });

  it("a page published on one instance replaces the other's cached copy within a second", async () => {
    const toggle = form({ intent: "cache-toggle", "features.enableCache": "on" });
    const enabled = await direct("a", "/admin/settings", {
      method: "POST",
      headers: { "Content-Type": toggle["Content-Type"], Cookie: cookie },
      body: toggle.body,
    });
    expect(enabled.status).toBe(302);

    // The switch reaches B through its own notification, a moment later: B keeps the page (its
    // second answer a HIT) once it has heard it.
    const page = "/page-publiee-sur-a";
    const switched = Date.now();
    let cached: Answer;
    do cached = await direct("b", page);
    while (cached.headers["x-page-cache"] !== "HIT" && Date.now() - switched < 3_000);
    expect(cached.status).toBe(404);
    expect(cached.headers["x-page-cache"]).toBe("HIT");

    const create = form({
      intent: "save",
      title: "Publiée sur A",
      slug: page.slice(1),
      content: "<p>Une page publiée sur l'instance A.</p>",
      isPublished: "on",
    });
    const published = await direct("a", "/admin/cms/create", {
      method: "POST",
      headers: { "Content-Type": create["Content-Type"], Cookie: cookie },
      body: create.body,
    });
    expect(published.status).toBe(302);
    const at = Date.now();
    let seen: Answer;
    do seen = await direct("b", page);
    while (seen.status !== 200 && Date.now() - at < 2_000);
    expect(seen.status).toBe(200);
    expect(Date.now() - at).toBeLessThan(1_000);
    expect(seen.body.toString()).toContain("Une page publiée sur l");
  });

  it("serves from one instance a photo uploaded through the other, kept in the bucket", async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c8321e" } })
      .jpeg()
      .toBuffer();
    const upload = new FormData();
    upload.set("intent", "upload");
    upload.set("file", new Blob([jpeg], { type: "image/jpeg" }), "tableau.jpg");
    upload.set("alt", "Tableau électrique");
    const request = new Request("http://x/", { method: "POST", body: upload });
    const answer = await direct("a", "/admin/api/media", {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type")!, Cookie: cookie },
      body: Buffer.from(await request.arrayBuffer()),
    });
    expect(answer.status).toBe(201);
    const { asset } = JSON.parse(answer.body.toString()) as { asset: { url: string } };

    const served = await direct("b", new URL(asset.url, caddy.origin).pathname);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\//);
    expect(existsSync(path.join(dir, "a", "media"))).toBe(false);
    expect(existsSync(path.join(dir, "s3", "betic-media"))).toBe(true);
  });

  it("sends each outbox mail once, whichever instance's worker claims it", async () => {
    const count = 40;
    await sql(
      `insert into email_outbox (to_address, subject, html_body, text_body)
       select 'client' || n || '@example.fr', 'Message ' || n, '<p>Bonjour</p>', 'Bonjour'
       from generate_series(1, $1::int) n`,
      [count],
    );
    const deadline = Date.now() + 20_000;
    let sent = 0;
    while (sent < count && Date.now() < deadline) {
      sent = (
        await sql<{ n: number }>("select count(*)::int as n from email_outbox where status = 'sent'")
      )[0]!.n;
      if (sent < count) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(sent).toBe(count);
    // MAIL_TRANSPORT=file: each instance writes what it sends to its DATA_DIR/mail, one file
    // per message, named after the outbox row.
    const ids = await sql<{ id: string }>("select id from email_outbox");
    const files = (
      await Promise.all(["a", "b"].map((name) => readdir(path.join(dir, name, "mail")).catch(() => [])))
    ).flat();
    expect(files).toHaveLength(count);
    for (const { id } of ids) expect(files.filter((file) => file.includes(id))).toHaveLength(1);
  });

  it("runs each daily job's slot once across both instances", async () => {
    // Both schedulers watch the same schedule; a job due every minute shows within two minutes
    // whether a slot is ever sent twice.
    const since = (await sql<{ now: Date }>("select now()"))[0]!.now;
    await sql("update pgboss.schedule set cron = '* * * * *' where name = 'rate-limit-purge'");
    try {
      const slots = async () =>
        sql<{ created: Date; state: string; retries: number }>(
          `select created_on as created, state, retry_count as retries from pgboss.job
           where name = 'rate-limit-purge' and created_on > $1 order by created_on`,
          [since],
        );
      const deadline = Date.now() + 170_000;
      let jobs = await slots();
      while (jobs.filter((job) => job.state === "completed").length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        jobs = await slots();
      }
      const done = jobs.filter((job) => job.state === "completed");
      expect(done.length).toBeGreaterThanOrEqual(2);
      expect(done.every((job) => job.retries === 0)).toBe(true);
      // Slots are a minute apart, give or take the 30-second cron check; a slot sent by both
      // instances would show as two jobs seconds apart.
      for (let i = 1; i < jobs.length; i++) {
        expect(jobs[i]!.created.getTime() - jobs[i - 1]!.created.getTime()).toBeGreaterThan(20_000);
      }
    } finally {
      await sql("update pgboss.schedule set cron = $1 where name = 'rate-limit-purge'", [
        jobs["rate-limit-purge"].cron,
      ]);
    }
  }, 200_000);

  it("keeps answering through the proxy when an instance is killed, and the restarted one rejoins without migrating again", async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const migrations = () =>
      sql<{ id: number; created_at: string }>(
        "select id, created_at from drizzle.__drizzle_migrations order by id",
      );
    const before = await migrations();
    expect(before).toHaveLength(journal.entries.length);

    process.kill(apps.a!.pid, "SIGKILL");
    await apps.a!.exited;
    for (let i = 0; i < 10; i++) expect((await viaProxy("/contact")).status).toBe(200);

    apps.a = await startInstance("a");
    expect(await migrations()).toEqual(before);
    expect((await direct("a", "/readyz")).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await viaProxy("/contact")).status).toBe(200);
  });
});
