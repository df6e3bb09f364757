import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import analytics from "./bench-admin/analytics.js";
import { serverEnv, signIn, startProcess, waitFor } from "./bench-support.js";
const ADMIN = { email: "bench@example.test", password: "Bench-password-2026!" };
const port = 4730, pgPort = 56730, base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(tmpdir(), "ana-"));
const env = serverEnv({ port, pgPort, dataDir, seedDemo: false, admin: ADMIN });
let app = startProcess(["server.js"], env);
const c = analytics(1);
try {
  await waitFor(`${base}/healthz`, app);
  const password = (await readFile(path.join(dataDir, ".postgres-password"), "utf8")).trim();
  const connect = async () => { const cl = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres` }); await cl.connect(); return cl; };
  let client = await connect();
  await c.seed(client, {});
  await client.end(); await app.stop(); app = startProcess(["server.js"], env); await waitFor(`${base}/healthz`, app);
  client = await connect();
  await c.ready(client);
  const cookie = await signIn(base, ADMIN);
  const time = async (label) => {
    const get = () => fetch(base + "/admin/analytics?range=12m", { headers: { cookie } }).then((r) => r.text());
    for (let i = 0; i < 20; i++) await get();
    const t = []; for (let i = 0; i < 200; i++) { const s = performance.now(); await get(); t.push(performance.now() - s); }
    t.sort((a, b) => a - b); console.log(label, "p50", t[100].toFixed(1), "p95", t[189].toFixed(1));
  };
  await time("before analyze");
  const st = await client.query("select relname, last_analyze, last_autoanalyze, n_live_tup from pg_stat_user_tables where relname like 'analytics%' or relname = 'page_views'");
  console.log(st.rows);
  await client.query("analyze");
  await time("after analyze");
  await client.end();
} finally { await app.stop(); }
