import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { emailTemplateUses, renderEmail } from "~/lib/admin/email-templates";
import type { EmailTemplateName } from "~/lib/enums";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema";
import { announceEnqueued, enqueueEmail, giveUpMessage } from "./outbox.server";
import { loadTemplate } from "./templates.server";

export type TestSendResult = { success: boolean; message: string };

/** How long staff wait for the provider's answer before being told the mail is still queued. */
const WAIT_MS = 20_000;

/**
 * Sends a saved template filled with its sample (emailTemplateUses) to `to`, through the outbox like every
 * mail (the same worker, transport and error reporting), and waits for the first attempt's
 * outcome so staff read the provider's answer. A failed test is not retried: it stays in the
 * outbox as failed, with its reason, until someone sends it again.
 */
export async function sendTestEmail(
  context: MutationContext,
  to: string,
  templateName: EmailTemplateName,
): Promise<TestSendResult> {
  const template = await loadTemplate(db(), templateName);
  const email = renderEmail(template, emailTemplateUses[templateName].sample);
  const id = await mutate(context, async (m) => {
    const queued = await enqueueEmail(m.tx, {
      templateName,
      toAddress: to,
      subject: `[Test] ${email.subject}`,
      htmlBody: email.html,
      textBody: email.text,
    });
    await m.audit({ action: "test_email", entityType: "email_templates", entityId: template.id });
    return queued;
  });
  announceEnqueued();
  return waitForFirstAttempt(id);
}

async function waitForFirstAttempt(id: string): Promise<TestSendResult> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await db()
      .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    if (row?.status === "sent") return { success: true, message: "Email de test envoyé avec succès!" };
    if (row?.lastError && row.status !== "sending") {
      await giveUpMessage(db(), id);
      return { success: false, message: row.lastError };
    }
    await sleep(200);
  }
  return {
    success: false,
    message: "Le fournisseur d'email n'a pas encore répondu : l'email reste dans la boîte d'envoi.",
  };
}
