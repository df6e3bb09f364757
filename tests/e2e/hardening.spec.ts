import http from "node:http";
import { readFile } from "node:fs/promises";
import { SIGN_IN_INTENT } from "../../app/lib/schemas/users";
import { e2e, expect, test } from "../support/e2e";

const sameOrigin = () => ({ Origin: e2e.baseUrl });

async function residentMegabytes(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Streams `total` bytes as a chunked body (no Content-Length) and reports the answer. */
function postChunked(path: string, total: number) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answer: { status: number; body: string } | undefined;
    const request = http.request(new URL(path, e2e.baseUrl), {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Transfer-Encoding": "chunked", ...sameOrigin() },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        answer = { status: response.statusCode!, body };
        resolve({ ...answer, sent });
      });
    });
    // The server closes the connection after its answer: later writes fail, as they should.
    request.on("error", (error) => (answer ? resolve({ ...answer, sent }) : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (sent < total && !answer && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

test.describe("request bodies", () => {
  test("a 10 MB chunked body to /contact and /api/beacon is refused without the process growing", async () => {
    const before = await residentMegabytes(e2e.appPid);
    // 10 MB or more: the loopback's socket buffers alone can hold several megabytes, so the
    // client offers 32 MB to tell a server that stopped reading from one that read everything.
    const offered = 32 * 1024 * 1024;
    for (const path of ["/contact", "/api/beacon"]) {
      const { status, body, sent } = await postChunked(path, offered);
      expect(status, path).toBe(413);
      expect(body).toBe("La requête est trop volumineuse.");
      // The server stopped reading: the client could not hand over the whole body.
      expect(sent, path).toBeLessThan(offered);
    }
    const growth = (await residentMegabytes(e2e.appPid)) - before;
    expect(growth).toBeLessThan(10);
  });

  test("a declared length over the limit is refused before reading", async ({ request }) => {
    const response = await request.post("/contact", {
      headers: { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
      data: "message=" + "x".repeat(70 * 1024),
    });
    expect(response.status()).toBe(413);
  });
});

test.describe("origin guard", () => {
  for (const path of ["/api/consent", "/admin/logout", "/contact", "/admin/login"]) {
    test(`a cross-origin POST to ${path} is refused`, async ({ request }) => {
      const refused: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "same-site" },
        {},
      ];
      for (const headers of refused) {
        const response = await request.post(path, { form: { choice: "accept" }, headers, maxRedirects: 0 });
        expect(response.status(), JSON.stringify(headers)).toBe(403);
        expect(await response.text()).toBe("Requête refusée : elle ne provient pas de ce site.");
      }
    });
  }

  test("a same-origin POST passes (Origin or Sec-Fetch-Site)", async ({ request }) => {
    for (const headers of [sameOrigin(), { "Sec-Fetch-Site": "same-origin" }]) {
      const response = await request.post("/api/consent", {
        form: { choice: "refuse", redirectTo: "/blog" },
        headers,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe("/blog");
    }
  });
});

test.describe("redirect targets", () => {
  test("the consent redirect stays on the site", async ({ request }) => {
    for (const payload of [
      "/\t/evil.com",
      "/admin/..//evil.com",
      "//evil.com",
      "/\\evil.com",
      "https://evil.com",
    ]) {
      const response = await request.post("/api/consent", {
        form: { choice: "refuse", redirectTo: payload },
        headers: sameOrigin(),
        maxRedirects: 0,
      });
      expect(response.headers()["location"], JSON.stringify(payload)).toBe("/");
    }
  });

  test("the sign-in redirect stays in the back office", async ({ page }) => {
    // Three sign-ins, each hashing on purpose slowly (scrypt N=2^17).
    test.setTimeout(90_000);
    for (const payload of ["/\t/evil.com", "/admin/..//evil.com", "/admin/../..//evil.com"]) {
      await page.context().clearCookies();
      await page.goto(`/admin/login?redirectTo=${encodeURIComponent(payload)}`);
      await page.getByLabel("Email").fill(e2e.admin.email);
      await page.getByLabel("Mot de passe").fill(e2e.admin.password);
      await page.getByRole("button", { name: "Se connecter" }).click();
      // Signing in hashes the password on purpose slowly (scrypt N=2^17): a busy machine needs time.
      await expect(page.getByRole("heading", { name: "Tableau de bord", exact: true, level: 1 })).toBeVisible(
        { timeout: 20_000 },
      );
      expect(new URL(page.url()).origin).toBe(e2e.baseUrl);
      expect(new URL(page.url()).pathname).toBe("/admin");
    }
  });
});

/** The values of one directive of a Content-Security-Policy header (undefined when absent). */
function directive(policy: string | undefined, name: string) {
  return policy
    ?.split("; ")
    .find((part) => part === name || part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);
}

test.describe("content security policy", () => {
  test("the back office's policy names no third-party origin but https: images, and forbids framing", async ({
    request,
  }) => {
    for (const path of ["/admin/login", "/admin/login.data", "/admin"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const policy = response.headers()["content-security-policy"];
      expect(policy, path).toBeTruthy();
      expect(directive(policy, "img-src"), path).toEqual(["'self'", "data:", "blob:", "https:"]);
      expect(policy.replace(/img-src [^;]*/, ""), path).not.toMatch(/https?:|\*/);
      expect(directive(policy, "frame-ancestors"), path).toEqual(["'none'"]);
      expect(directive(policy, "script-src")?.slice(1, 2), path).toEqual(["'strict-dynamic'"]);
      expect(response.headers()["permissions-policy"], path).toContain("camera=()");
    }
  });

  test("a back-office path spelled otherwise (capitals, escapes) is sent to /admin before anything answers", async ({
    request,
  }) => {
    // React Router matches routes decoded and regardless of case: these are the back office.
    const spellings = [
      ["/ADMIN/login", "/admin/login"],
      ["/%61dmin/login?redirectTo=%2Fadmin", "/admin/login?redirectTo=%2Fadmin"],
      ["/Admin.data", "/admin.data"],
      ["/aDmIn", "/admin"],
    ];
    for (const [path, canonical] of spellings) {
      const response = await request.get(path!, {
        maxRedirects: 0,
        headers: { Origin: "https://evil.example" },
      });
      expect(response.status(), path).toBe(301);
      expect(response.headers()["location"], path).toBe(canonical);
      expect(response.headers()["access-control-allow-origin"], path).toBeUndefined();
    }
    const post = await request.post("/ADMIN/login", { maxRedirects: 0, headers: sameOrigin() });
    expect(post.status()).toBe(308);
    expect(post.headers()["location"]).toBe("/admin/login");
    // Not the back office: a path that only looks like it, or escaped twice, is a public page.
    for (const path of ["/administration", "/%2561dmin/login"]) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    }
  });

  test("public pages give each domain only the directives it serves", async ({ request }) => {
    const response = await request.get("/");
    const policy = response.headers()["content-security-policy"];
    expect(directive(policy, "script-src")).toContain("'strict-dynamic'");
    expect(directive(policy, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(policy, "script-src")).not.toContain("https://*.google-analytics.com");
    expect(directive(policy, "connect-src")).toContain("https://*.google-analytics.com");
    expect(directive(policy, "frame-src")).toContain("https://www.google.com");
    expect(directive(policy, "img-src")).not.toContain("https://www.google.com");
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'self'"]);
    expect(response.headers()["permissions-policy"]).toContain("geolocation=()");
  });

  test("static files carry the security headers, with a policy under which nothing runs", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // A module the page loads (named in its loader script, decision 022).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const path of [asset!, "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // This site is http (browsers ignore HSTS there); over https: tests/deploy/several-instances.
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  test("the back office runs under its policy without a violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(e2e.admin.email);
    await page.getByLabel("Mot de passe").fill(e2e.admin.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("heading", { name: "Tableau de bord", exact: true, level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe("sign-in throttling", () => {
  test("20 wrong passwords from 20 addresses are slowed; the owner then gets in within 60 s", async ({
    request,
  }) => {
    test.setTimeout(150_000);
    const email = "throttle-target@betic.test";
    const password = "Compteur-Linky-2026";
    // An account of its own (the CLI path: hashed by Better Auth).
    const { execFileSync } = await import("node:child_process");
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "app/server/auth/cli/create-user.ts",
        "--email",
        email,
        "--password",
        password,
        "--role",
        "user",
      ],
      { env: { ...process.env, DATABASE_URL: e2e.databaseUrl, DATA_DIR: e2e.dataDir, LOG_LEVEL: "error" } },
    );
    const attempt = (address: string, pass: string) =>
      request.post("/admin/login", {
        form: { intent: SIGN_IN_INTENT, email, password: pass },
        headers: { ...sameOrigin(), "X-Forwarded-For": address },
        maxRedirects: 0,
      });

    const answers = [];
    for (let i = 1; i <= 20; i++) answers.push(await attempt(`203.0.113.${i}`, `devinette-${i}`));
    const statuses = answers.map((answer) => answer.status());
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const throttled = answers.filter((answer) => answer.status() === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(12);
    for (const answer of throttled) {
      const wait = Number(answer.headers()["retry-after"]);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await answer.text()).toMatch(/Trop de tentatives de connexion\. Réessayez dans \d+ secondes?\./);
    }

    // The owner, from another address: after at most the announced wait (never over 60 s), the
    // password works.
    let owner = await attempt("198.51.100.77", password);
    if (owner.status() === 429) {
      const wait = Number(owner.headers()["retry-after"]);
      expect(wait).toBeLessThanOrEqual(60);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      owner = await attempt("198.51.100.77", password);
    }
    expect(owner.status()).toBe(302);
    expect(owner.headers()["location"]).toBe("/admin");
  });
});
