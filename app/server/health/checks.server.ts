import { statfs } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { AdminScreenPath } from "~/lib/admin/admin-access";
import type { HealthStatus } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { analyticsDay } from "~/server/analytics/visitors.server";
import { isEncrypted } from "~/server/backup/archive.server";
import { currentSecretsKey, MissingBackupKeyError, readBackupKey } from "~/server/backup/keys.server";
import { backupStore } from "~/server/backup/store.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { mailTransportKind } from "~/server/mail/transports.server";
import { getSiteSettings } from "~/server/settings.server";
import { version as appVersion } from "../../../package.json";
import { HEARTBEAT_FRESH_MS } from "./heartbeat.server";
import { jobChecks } from "./job-checks.server";

/** One line of 'État du site': what is seen, what to do, and the screen that fixes it. */
export type HealthCheck = {
  id: string;
  label: string;
  status: HealthStatus;
  summary: string;
  action: string | null;
  link: AdminScreenPath | null;
};

const HOUR = 3_600_000;
/** A backup older than this is red (a daily one, with two hours' slack). */
export const BACKUP_MAX_AGE_MS = 26 * HOUR;

type Line = Omit<HealthCheck, "id" | "label">;
const ok = (summary: string, link: AdminScreenPath | null = null): Line => ({
  status: "ok",
  summary,
  action: null,
  link,
});

export type HealthOptions = {
  now?: Date;
  /** Free disk under these percentages turns orange, then red (HEALTH_DISK_*_PERCENT). */
  diskWarningPercent?: number;
  diskAlertPercent?: number;
};

/**
 * Evaluates every check now. Reads only (the job that mails on a change is alerts.server.ts).
 * A check that cannot be evaluated is red and says why.
 */
export async function evaluateHealth(options: HealthOptions = {}): Promise<HealthCheck[]> {
  const now = options.now ?? new Date();
  const checks: [string, string, () => Promise<Line | Line[]>][] = [
    ["backup", "Sauvegardes", () => backupCheck(now)],
    ["mail", "Envoi des e-mails", () => mailCheck()],
    ["jobs", "Tâches quotidiennes", () => jobChecks(now)],
    ["disk", "Espace disque", () => diskCheck(options)],
    ["instances", "Version et instances", () => instanceCheck(now)],
    ["configuration", "Adresse publique et secrets", () => configurationCheck()],
    ["two-factor", "Double authentification des administrateurs", () => twoFactorCheck()],
    ["page-cache", "Cache des pages", () => pageCacheCheck()],
    ["not-found", "Pages introuvables", () => notFoundCheck(now)],
  ];
  const lines = await Promise.all(
    checks.map(async ([id, label, run]) => {
      try {
        const result = await run();
        // The jobs' check is one line per job: their ids and labels come with them.
        return Array.isArray(result) ? (result as HealthCheck[]) : [{ id, label, ...result }];
      } catch (error) {
        return [
          {
            id,
            label,
            status: "error" as const,
            summary: `Vérification impossible : ${(error as Error).message}`,
            action: "Consultez les journaux du serveur.",
            link: null,
          },
        ];
      }
    }),
  );
  return lines.flat();
}

async function backupCheck(now: Date): Promise<Line> {
  const { rows } = await db().execute<{
    finished: Date | null;
    file: string | null;
    installed: Date | null;
  }>(sql`
    select (select max(finished_at) from backup_runs where status = 'succeeded') as finished,
           (select file_name from backup_runs where status = 'succeeded' order by finished_at desc limit 1) as file,
           (select min(created_at) from users) as installed`);
  const { finished, file, installed } = rows[0]!;
  const where = config.s3
    ? `dans le bucket ${config.s3.bucket} (dossier backups/)`
    : `dans ${path.join(config.dataDir, "backups")}`;
  const link = "/admin/backups" as const;
  const key = await readBackupKey().catch((error: unknown) => {
    if (error instanceof MissingBackupKeyError) return null;
    throw error;
  });
  if (!key) {
    return {
      status: "error",
      summary: `La clé de sauvegarde est absente (${config.backupKeyFile}) : les archives ne peuvent être ni déchiffrées ni restaurées.`,
      action:
        "Remettez à cet emplacement la copie de la clé gardée à part (ou pointez BACKUP_KEY_FILE vers elle), puis redémarrez.",
      link,
    };
  }
  if (!finished) {
    // A site installed less than a day ago has not reached its first scheduled backup yet.
    const young = installed && now.getTime() - new Date(installed).getTime() < BACKUP_MAX_AGE_MS;
    return {
      status: young ? "warning" : "error",
      summary: `Aucune sauvegarde réussie. Les archives sont gardées ${where}.`,
      action: "Lancez une sauvegarde et vérifiez la planification.",
      link,
    };
  }
  const finishedAt = new Date(finished);
  // Read from the archive itself: its name says nothing of how it was written.
  const head = file ? await backupStore().head(file, 64) : null;
  const encrypted = !head ? "introuvable" : isEncrypted(head) ? "chiffrée" : "non chiffrée";
  const summary = `Dernière sauvegarde réussie le ${formatDateTime(finishedAt)} ; archive ${encrypted}, gardée ${where}.`;
  if (now.getTime() - finishedAt.getTime() > BACKUP_MAX_AGE_MS)
    return {
      status: "error",
      summary,
      action: "Aucune sauvegarde depuis plus de 26 heures : lancez-en une et vérifiez la planification.",
      link,
    };
  if (encrypted === "introuvable")
    return {
      status: "error",
      summary,
      action:
        "L'archive de la dernière sauvegarde a disparu : lancez une sauvegarde et vérifiez où elles sont gardées.",
      link,
    };
  if (encrypted === "non chiffrée")
    return {
      status: "warning",
      summary,
      action:
        "Lancez une sauvegarde : elle sera chiffrée avec la clé de sauvegarde, et une copie volée ne révélerait rien.",
      link,
    };
  return ok(summary, link);
}

async function mailCheck(): Promise<Line> {
  const [settings, { rows }] = await Promise.all([
    getSiteSettings(),
    db().execute<{ failed: number; waiting: number; last_sent: Date | null; last_error: string | null }>(sql`
      select count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status in ('pending', 'sending'))::int as waiting,
             (select max(sent_at) from email_outbox) as last_sent,
             -- An error on a mail queued after the last one sent: the provider refuses now.
             (select last_error from email_outbox
              where last_error is not null and status <> 'sent'
                and created_at > coalesce((select max(sent_at) from email_outbox), '-infinity')
              order by created_at desc limit 1) as last_error
      from email_outbox where status in ('failed', 'pending', 'sending')`),
  ]);
  const { failed, waiting, last_sent, last_error } = rows[0]!;
  const kind = mailTransportKind(settings);
  const link = "/admin/settings" as const;
  const counts = `${failed} en échec, ${waiting} en attente`;
  if (!kind)
    return {
      status: "error",
      summary: `Aucun fournisseur d'e-mail configuré (${counts}).`,
      action: "Configurez Mailjet ou un serveur SMTP dans les paramètres.",
      link,
    };
  const sent = last_sent ? `dernier envoi le ${formatDateTime(new Date(last_sent))}` : "aucun envoi";
  if (last_error)
    return {
      status: "error",
      summary: `Le fournisseur (${kind}) refuse les envois : ${last_error.slice(0, 200)} (${sent} ; ${counts}).`,
      action: "Vérifiez les identifiants du fournisseur, puis envoyez un e-mail de test.",
      link,
    };
  if (failed > 0)
    return {
      status: "warning",
      summary: `Fournisseur : ${kind} ; ${sent} ; ${counts}.`,
      action: "Renvoyez ou écartez les e-mails en échec.",
      link: "/admin/email-templates/outbox",
    };
  return ok(`Fournisseur : ${kind} ; ${sent} ; ${counts}.`, "/admin/email-templates/outbox");
}

/** The nearest existing directory (DATA_DIR may not exist with an external database and a bucket). */
async function diskCheck(options: HealthOptions): Promise<Line> {
  const warning = options.diskWarningPercent ?? config.healthDiskWarningPercent;
  const alert = options.diskAlertPercent ?? config.healthDiskAlertPercent;
  let dir = config.dataDir;
  let stats = await statfs(dir).catch(() => null);
  while (!stats && path.dirname(dir) !== dir) {
    dir = path.dirname(dir);
    stats = await statfs(dir).catch(() => null);
  }
  if (!stats) throw new Error(`${config.dataDir} est introuvable`);
  const free = (stats.bavail / stats.blocks) * 100;
  const { rows } = await db().execute<{ size: string }>(
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  const summary = `${free.toFixed(1).replace(".", ",")} % libre sous ${config.dataDir} (${gib(stats.bavail * stats.bsize)} Gio) ; base de données : ${rows[0]!.size}.`;
  const action = "Libérez de la place : anciennes sauvegardes, médias inutilisés, ou agrandissez le disque.";
  if (free < alert) return { status: "error", summary, action, link: "/admin/backups" };
  if (free < warning) return { status: "warning", summary, action, link: "/admin/backups" };
  return ok(summary);
}

const gib = (bytes: number) => (bytes / 1024 ** 3).toFixed(1).replace(".", ",");

async function instanceCheck(now: Date): Promise<Line> {
  const since = new Date(now.getTime() - HEARTBEAT_FRESH_MS);
  const [{ rows: instances }, { rows: migrations }] = await Promise.all([
    db().execute<{ host: string; version: string }>(
      sql`select host, version from instance_heartbeats where seen_at >= ${since} order by host`,
    ),
    db().execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  ]);
  const versions = [...new Set(instances.map((row) => row.version))];
  const summary = `Version ${appVersion} ; ${migrations[0]!.n} migrations appliquées ; ${instances.length} instance(s) vue(s) dans la dernière minute${instances.length ? ` : ${instances.map((row) => `${row.host} (${row.version})`).join(", ")}` : ""}.`;
  if (versions.length > 1)
    return {
      status: "warning",
      summary,
      action:
        "Des instances tournent sur des versions différentes : terminez la mise à jour (docs/deploy.md §2).",
      link: null,
    };
  return ok(summary);
}

async function configurationCheck(): Promise<Line> {
  const problems: string[] = [];
  const url = new URL(config.publicUrl);
  if (!config.publicUrlIsSecure) problems.push(`PUBLIC_URL (${config.publicUrl}) n'est pas en https`);
  // PUBLIC_URL in https while the app listens in http: a proxy terminates TLS in front of it.
  const behindProxy =
    url.protocol === "https:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (behindProxy && config.trustProxy === undefined)
    problems.push(
      "TRUST_PROXY n'est pas défini derrière le proxy (les limites verraient toutes les visites venir du proxy)",
    );
  // The key is made with the first secret stored: missing, it matters only once one is stored.
  const { rows } = await db().execute<{ stored: boolean }>(sql`
    select coalesce(mailjet_api_key, mailjet_secret_key, smtp_password, recaptcha_secret_key) is not null as stored
    from site_settings limit 1`);
  const keyMissing = !currentSecretsKey() && rows[0]?.stored === true;
  if (keyMissing)
    problems.push(
      "la clé des secrets (SECRETS_KEY ou DATA_DIR/.secrets-key) est absente : les secrets enregistrés sont illisibles",
    );
  if (problems.length === 0)
    return ok(
      `PUBLIC_URL : ${config.publicUrl} ; TRUST_PROXY : ${config.trustProxy ?? "non défini"} ; clé des secrets ${currentSecretsKey() ? "présente" : "créée au premier secret enregistré"}.`,
    );
  return {
    status: config.publicUrlIsSecure && !keyMissing ? "warning" : "error",
    summary: `${problems.join(" ; ")}.`.replace(/^./, (c) => c.toUpperCase()),
    action: "Corrigez /etc/betic/betic.env puis redémarrez les instances (docs/deploy.md).",
    link: null,
  };
}

async function twoFactorCheck(): Promise<Line> {
  const { rows } = await db().execute<{ email: string }>(
    sql`select email from users where role = 'admin' and banned is not true and not two_factor_enabled order by email`,
  );
  if (rows.length === 0) return ok("Tous les administrateurs ont un second facteur.", "/admin/users");
  return {
    status: "warning",
    summary: `Sans second facteur : ${rows.map((row) => row.email).join(", ")}.`,
    action: "Demandez-leur d'activer la double authentification dans leur profil.",
    link: "/admin/users",
  };
}

async function pageCacheCheck(): Promise<Line> {
  const settings = await getSiteSettings();
  if (settings?.enableCache) return ok("Activé.", "/admin/settings");
  return {
    status: "warning",
    summary: "Désactivé : chaque visite refait la page.",
    action: "Activez le cache dans les paramètres du site.",
    link: "/admin/settings",
  };
}

/** Today's public 404s against the average of the 14 days before. */
async function notFoundCheck(now: Date): Promise<Line> {
  const today = analyticsDay(now);
  const { rows } = await db().execute<{ today: number; usual: number }>(sql`
    select coalesce((select hits from not_found_daily where day = ${today}), 0)::int as today,
           coalesce((select sum(hits) from not_found_daily
                     where day < ${today} and day >= ${today}::date - 14), 0)::float8 / 14 as usual`);
  const { today: count, usual } = rows[0]!;
  const summary = `${count} aujourd'hui ; ${usual.toFixed(0)} par jour d'habitude (14 derniers jours).`;
  // A spike worth a look: three times the usual, and more than a handful.
  if (count > Math.max(50, 3 * usual))
    return {
      status: "warning",
      summary,
      action: "Un lien cassé ou une page supprimée ? Créez les redirections utiles.",
      link: "/admin/seo/not-found",
    };
  return ok(summary, "/admin/seo/not-found");
}
