import { and, eq, notInArray, sql } from "drizzle-orm";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { healthCheckStates, users } from "~/server/db/schema";
import { announceEnqueued, enqueueEmail } from "~/server/mail/outbox.server";
import { loadTemplate, renderEmail } from "~/server/mail/templates.server";
import { evaluateHealth, type HealthCheck, type HealthOptions } from "./checks.server";

// Any constant shared by every version of the app; "health" in ASCII.
const EVALUATION_LOCK = 0x6865616c7468;

/**
 * The 'health-check' job (every few minutes, one instance per slot) and 'Vérifier maintenant':
 * evaluates the checks, keeps each one's status in health_check_states, and mails every admin
 * once when a check turns red and once when it is no longer red; nothing while it stays red.
 * Evaluations run one at a time across instances (an advisory lock in the transaction), so a
 * change is mailed once. Returns the ids of the checks that turned red and of those that recovered.
 */
export async function recordHealth(options: HealthOptions = {}) {
  const checks = await evaluateHealth(options);
  const changes = await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EVALUATION_LOCK})`);
    const previous = new Map(
      (await tx.select().from(healthCheckStates)).map((row) => [row.check, row.status] as const),
    );
    const turnedRed = checks.filter(
      (check) => check.status === "error" && previous.get(check.id) !== "error",
    );
    const recovered = checks.filter(
      (check) => check.status !== "error" && previous.get(check.id) === "error",
    );
    for (const check of checks) {
      const changed = previous.get(check.id) !== check.status;
      await tx
        .insert(healthCheckStates)
        .values({ check: check.id, status: check.status, summary: check.summary })
        .onConflictDoUpdate({
          target: healthCheckStates.check,
          set: {
            status: check.status,
            summary: check.summary,
            evaluatedAt: sql`now()`,
            ...(changed ? { changedAt: sql`now()` } : {}),
          },
        });
    }
    // A check that no longer exists (a job removed) leaves no state behind.
    await tx.delete(healthCheckStates).where(
      notInArray(
        healthCheckStates.check,
        checks.map((check) => check.id),
      ),
    );
    if (turnedRed.length + recovered.length > 0) {
      const admins = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.role, "admin"), sql`${users.banned} is not true`));
      const [alert, recovery] = await Promise.all([
        loadTemplate(tx, "health_alert"),
        loadTemplate(tx, "health_recovered"),
      ]);
      for (const [template, list] of [
        [alert, turnedRed],
        [recovery, recovered],
      ] as const) {
        for (const check of list) {
          const mail = renderEmail(template, healthVariables(check));
          for (const admin of admins)
            await enqueueEmail(tx, {
              templateName: template.name,
              toAddress: admin.email,
              subject: mail.subject,
              htmlBody: mail.html,
              textBody: mail.text,
            });
        }
      }
    }
    return { turnedRed: turnedRed.map((check) => check.id), recovered: recovered.map((check) => check.id) };
  });
  if (changes.turnedRed.length + changes.recovered.length > 0) announceEnqueued();
  return changes;
}

/** What the two templates may say (their placeholders, app/lib/admin/email-templates.ts). */
export function healthVariables(check: Pick<HealthCheck, "label" | "summary" | "action">) {
  return {
    check: check.label,
    summary: check.summary,
    action: check.action ?? "",
    health_url: `${config.publicUrl}/admin/health`,
  };
}
