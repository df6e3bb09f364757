import { defineListSpec } from "~/lib/list-query";
import { outboxStatuses } from "~/lib/enums";
import { plural } from "~/lib/plural";

/** The outbox list's URL state: search on address or subject, a status filter, newest first. */
export const outboxListSpec = defineListSpec({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: { status: outboxStatuses },
});

export const outboxStatusLabels: Record<(typeof outboxStatuses)[number], string> = {
  pending: "En attente",
  sending: "En cours d'envoi",
  sent: "Envoyé",
  failed: "Échec",
};

/** A pending mail's state while no provider is configured: it leaves once one is. */
export const WAITING_FOR_PROVIDER = "En attente de configuration";

/** A message's status as staff read it, given whether mail can leave now. */
export function outboxStatusLabel(status: (typeof outboxStatuses)[number], canSend: boolean) {
  return status === "pending" && !canSend ? WAITING_FOR_PROVIDER : outboxStatusLabels[status];
}

/** The banner of the dashboard and the inbox (issue: mail is sent or visibly waiting). */
/** How many mails were given up after their retries, as the banner and the bell say it. */
export const failedMailsText = (failed: number) =>
  failed > 1 ? `${failed} e-mails n'ont pas pu être envoyés.` : "1 e-mail n'a pas pu être envoyé.";

export function mailDeliveryWarnings({ waiting, failed }: { waiting: number; failed: number }) {
  const warnings: { kind: "waiting" | "failed"; text: string }[] = [];
  if (waiting > 0)
    warnings.push({
      kind: "waiting",
      text: `Aucun fournisseur d'e-mail n'est configuré : ${plural(waiting, "e-mail")} en attente.`,
    });
  if (failed > 0)
    warnings.push({
      kind: "failed",
      text: failedMailsText(failed),
    });
  return warnings;
}
