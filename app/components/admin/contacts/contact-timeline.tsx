import {
  CalendarClock,
  CircleAlert,
  CircleCheck,
  Clock,
  Inbox,
  Mail,
  MessageSquareText,
  RefreshCw,
  Reply,
  UserRound,
} from "lucide-react";
import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { cn } from "~/lib/cn";
import { emailTemplateLabels } from "~/lib/admin/email-templates";
import { contactStatusLabels } from "~/lib/enums";
import { formatDateTime, formatShortDate } from "~/lib/format-date";
import type { ContactTimeline as Timeline, TimelineEvent } from "~/server/contacts/timeline.server.ts";

type MailEvent = Extract<TimelineEvent, { kind: "mail" }>;

/** How often an open request asks again while one of its mails awaits its first attempt. */
const IN_FLIGHT_REFRESH_MS = 2_000;

/**
 * A reply just sent shows 'en attente', then 'envoyé' or 'échec' without a reload: while a mail
 * can leave and has not been tried yet, the page's data is asked again every 2 s. A mail waiting
 * for its next retry, or for a provider, is not followed.
 */
function useFollowMailsInFlight(timeline: Timeline) {
  const revalidator = useRevalidator();
  const inFlight =
    timeline.canSend &&
    timeline.events.some(
      (event) =>
        event.kind === "mail" && (event.status === "pending" || event.status === "sending") && !event.error,
    );
  const refresh = useEffectEvent(() => {
    if (revalidator.state === "idle") void revalidator.revalidate();
  });
  useEffect(() => {
    if (!inFlight) return;
    const timer = window.setInterval(() => refresh(), IN_FLIGHT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [inFlight]);
}

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
        Icon: event.template === "contact_reply" ? Reply : Mail,
        text: `${event.template ? (emailTemplateLabels[event.template] ?? event.template) : "Email"} à ${event.to}`,
        state,
        detail: event.status === "failed" || event.status === "pending" ? event.error : null,
        by: event.by,
      };
    }
    case "assign":
      return {
        Icon: UserRound,
        text: event.to ? `Attribuée à ${event.to}` : "Attribution retirée",
        by: event.by,
      };
    case "follow_up":
      return {
        Icon: CalendarClock,
        text: event.on ? `À relancer le ${formatShortDate(event.on)}` : "Relance retirée",
        by: event.by,
      };
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
 * delivery state and the provider's error (a reply with who wrote it), status changes,
 * assignments, follow-up dates and notes with who made them.
 */
export function ContactTimeline({ timeline }: { timeline: Timeline }) {
  useFollowMailsInFlight(timeline);
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
