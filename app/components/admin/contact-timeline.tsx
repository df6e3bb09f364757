import { CircleAlert, CircleCheck, Clock, Inbox, Mail, MessageSquareText, RefreshCw } from "lucide-react";
import { cn } from "~/lib/cn";
import { emailTemplateLabels } from "~/lib/email-templates";
import { contactStatusLabels } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import type { ContactTimeline as Timeline, TimelineEvent } from "~/server/contacts/timeline.server";

type MailEvent = Extract<TimelineEvent, { kind: "mail" }>;

/** A mail's delivery state as staff read it on the timeline. */
function deliveryState(mail: MailEvent, canSend: boolean) {
  if (mail.status === "sent") return { label: "envoyé", tone: "text-emerald-300", Icon: CircleCheck };
  if (mail.status === "failed") return { label: "échec", tone: "text-red-300", Icon: CircleAlert };
  return {
    label: canSend || mail.status === "sending" ? "en attente" : "en attente de configuration",
    tone: "text-amber-300",
    Icon: Clock,
  };
}

function describe(event: TimelineEvent, canSend: boolean) {
  switch (event.kind) {
    case "received":
      return {
        Icon: Inbox,
        text: `Demande reçue${event.sourcePage ? ` depuis la page ${event.sourcePage}` : ""}`,
      };
    case "mail": {
      const state = deliveryState(event, canSend);
      return {
        Icon: Mail,
        text: `${event.template ? (emailTemplateLabels[event.template] ?? event.template) : "Email"} à ${event.to}`,
        state,
        detail: event.status === "failed" || event.status === "pending" ? event.error : null,
      };
    }
    case "status":
      return {
        Icon: RefreshCw,
        text: `Statut : ${contactStatusLabels[event.status] ?? event.status}`,
        by: event.by,
      };
    case "note":
      return { Icon: MessageSquareText, text: "Note ajoutée", by: event.by };
  }
}

/**
 * A request's history in the detail (issue 22): arrival and its page, the mails with their
 * delivery state and the provider's error, status changes and notes with who made them.
 */
export function ContactTimeline({ timeline }: { timeline: Timeline }) {
  return (
    <section aria-labelledby="contact-timeline" className="flex flex-col gap-2">
      <h3 id="contact-timeline" className="text-sm font-medium">
        Historique
      </h3>
      <ol className="flex flex-col gap-2 border-l pl-4" data-testid="contact-timeline">
        {timeline.events.map((event, index) => {
          const { Icon, text, state, detail, by } = {
            state: undefined,
            detail: undefined,
            by: undefined,
            ...describe(event, timeline.canSend),
          };
          return (
            <li key={index} className="relative text-sm">
              <Icon
                className="absolute -left-[1.45rem] top-0.5 size-3.5 bg-background text-muted-foreground"
                aria-hidden
              />
              <p className="break-words">
                {text}
                {state ? (
                  <span className={cn("ml-1.5 inline-flex items-center gap-1 font-medium", state.tone)}>
                    <state.Icon className="size-3.5" aria-hidden />
                    {state.label}
                  </span>
                ) : null}
              </p>
              {detail ? <p className="break-words text-xs text-red-200">{detail}</p> : null}
              <p className="text-xs text-muted-foreground">
                {formatDateTime(event.at)}
                {by !== undefined ? ` · ${by ?? "Compte supprimé"}` : ""}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
