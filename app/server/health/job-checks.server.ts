import { sql } from "drizzle-orm";
import type { AdminScreenPath } from "~/lib/admin/admin-access";
import { formatDateTime } from "~/lib/format-date";
import { db } from "~/server/db/client.server";
import { jobs } from "~/server/jobs/scheduler.server";
import type { HealthCheck } from "./checks.server";

const HOUR = 3_600_000;

const jobLabels: Record<keyof typeof jobs, { label: string; link: AdminScreenPath | null }> = {
  "analytics-rollup": { label: "Cumul des statistiques", link: "/admin/analytics" },
  "contacts-retention": { label: "Purge des anciennes demandes", link: "/admin/settings" },
  "drafts-purge": { label: "Purge des brouillons", link: null },
  "contacts-digest": { label: "Récapitulatif quotidien", link: "/admin/email-templates/outbox" },
  "weekly-report": { label: "Rapport hebdomadaire", link: "/admin/email-templates/outbox" },
  "rate-limit-purge": { label: "Purge des compteurs de connexion", link: null },
  "sign-in-failures-purge": { label: "Purge des connexions refusées", link: "/admin/settings" },
  "trash-purge": { label: "Vidage de la corbeille", link: "/admin/trash" },
  backup: { label: "Sauvegarde planifiée", link: "/admin/backups" },
  "health-check": { label: "Vérification de l'état du site", link: null },
};

/** Each job's last run and result, read from pg-boss's tables (any instance ran it). */
export async function jobChecks(now: Date): Promise<HealthCheck[]> {
  const { rows: schema } = await db().execute<{ job: string | null }>(
    sql`select to_regclass('pgboss.job')::text as job`,
  );
  const { rows } = schema[0]?.job
    ? await db().execute<{
        name: string;
        state: string;
        at: Date;
        output: unknown;
        success: Date | null;
      }>(sql`
        with runs as (
          select name, state, completed_on, output from pgboss.job where state in ('completed', 'failed', 'retry')
          union all
          select name, state, completed_on, output from pgboss.archive where state in ('completed', 'failed')
        )
        select distinct on (name) name, state, coalesce(completed_on, ${now}) as at, output,
               (select max(completed_on) from runs r where r.name = runs.name and r.state = 'completed') as success
        from runs order by name, completed_on desc nulls first`)
    : { rows: [] };
  return (Object.keys(jobs) as (keyof typeof jobs)[]).map((name) => {
    const { label, link } = jobLabels[name];
    const id = `job:${name}`;
    const run = rows.find((row) => row.name === name);
    const line = { id, label: `Tâche : ${label}`, link };
    if (!run) return { ...line, status: "ok" as const, summary: "Pas encore exécutée.", action: null };
    const at = formatDateTime(new Date(run.at));
    if (run.state !== "completed") {
      const message = (run.output as { message?: string } | null)?.message ?? "erreur inconnue";
      return {
        ...line,
        status: "error" as const,
        summary: `Échec le ${at} : ${message.slice(0, 200)}.`,
        action: "Corrigez la cause indiquée ; la tâche est relancée à son prochain horaire.",
      };
    }
    // Hourly jobs (a '*' hour in their cron) are late after 3 hours, weekly ones (a day of the
    // week) after 8 days, daily ones after 2 days.
    const [, hour, , , weekday] = jobs[name].cron.split(" ");
    const hours = hour === "*" ? 3 : weekday && weekday !== "*" ? 8 * 24 : 50;
    const late = now.getTime() - new Date(run.success ?? run.at).getTime() > hours * HOUR;
    return late
      ? {
          ...line,
          status: "warning" as const,
          summary: `Dernière exécution réussie le ${at} : en retard.`,
          action: "Vérifiez que le site tourne sans interruption.",
        }
      : { ...line, status: "ok" as const, summary: `Dernière exécution réussie le ${at}.`, action: null };
  });
}
