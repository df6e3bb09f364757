import { defineListSpec } from "~/lib/list-query";
import { outboxStatuses } from "~/lib/enums";

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
