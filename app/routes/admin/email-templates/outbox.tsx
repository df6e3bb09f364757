import { Loader2, RefreshCw, Send } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/outbox";
import { AdminError } from "~/components/admin/admin-error";
import { DataTable, EmptyState, Pagination, type Column } from "~/components/admin/data-table";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { emailTemplateLabels } from "~/lib/email-templates";
import { outboxStatuses } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { parseListQuery } from "~/lib/list-query";
import { outboxListSpec, outboxStatusLabel } from "~/lib/outbox";
import { readRowRef } from "~/lib/schemas/common";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { listOutbox, resendOutboxMessage } from "~/server/mail/outbox-admin.server";
import { mailTransportKind } from "~/server/mail/transports.server";
import { getSiteSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";
import { unknownIntent } from "~/server/admin/form-replies.server";

export const meta: Route.MetaFunction = () => [{ title: "Boîte d'envoi | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const query = parseListQuery(request, outboxListSpec);
  const [messages, settings] = await Promise.all([listOutbox(query), getSiteSettings()]);
  return { query, messages, canSend: mailTransportKind(settings) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (formData.get("intent") !== "resend") unknownIntent();
  const ref = readRowRef(formData);
  const resent = ref ? await resendOutboxMessage(who, ref.id) : false;
  return redirectWithToast(
    back,
    resent
      ? { title: "Email remis en file d'envoi", description: "Il part dans quelques secondes." }
      : {
          type: "error",
          title: "Erreur",
          description: "Cet email ne peut pas être renvoyé : il est déjà envoyé ou en cours d'envoi.",
        },
  );
}

type Message = Route.ComponentProps["loaderData"]["messages"]["items"][number];

const statusVariants: Record<(typeof outboxStatuses)[number], BadgeVariant> = {
  pending: "info",
  sending: "warning",
  sent: "success",
  failed: "destructive",
};

function ResendButton({ message }: { message: Message }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={message.id} />
      <Button type="submit" variant="ghost" size="sm" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        Renvoyer<span className="sr-only"> l'email « {message.subject} »</span>
      </Button>
    </fetcher.Form>
  );
}

/** The columns; `canSend` false shows pending mail as waiting for a provider. */
function outboxColumns(canSend: boolean): Column<Message>[] {
  return [
    {
      id: "subject",
      header: "Sujet",
      card: "title",
      className: "max-w-[300px]",
      cell: (m) => <span className="line-clamp-2 font-medium">{m.subject}</span>,
    },
    { id: "to", header: "Destinataire", cell: (m) => <span className="break-all">{m.toAddress}</span> },
    {
      id: "template",
      header: "Type",
      cell: (m) => (m.templateName ? (emailTemplateLabels[m.templateName] ?? m.templateName) : "—"),
    },
    {
      id: "createdAt",
      header: "Date",
      sortable: true,
      firstDir: "desc",
      className: "whitespace-nowrap",
      cell: (m) => formatDateTime(m.createdAt),
    },
    {
      id: "status",
      header: "Statut",
      cell: (m) => {
        const status = m.status as keyof typeof statusVariants;
        return (
          <span className="flex flex-col gap-1">
            <Badge variant={statusVariants[status]}>{outboxStatusLabel(status, canSend)}</Badge>
            <span className="text-xs text-muted-foreground">
              {m.status === "sent" && m.sentAt
                ? `le ${formatDateTime(m.sentAt)}`
                : `${m.attempts} tentative${m.attempts > 1 ? "s" : ""}`}
            </span>
          </span>
        );
      },
    },
    {
      id: "error",
      header: "Dernière erreur",
      className: "max-w-[320px]",
      cell: (m) =>
        m.lastError && m.status !== "sent" ? (
          <span className="text-sm text-red-200">{m.lastError}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (m) => (m.status === "failed" || m.status === "pending" ? <ResendButton message={m} /> : null),
    },
  ];
}

export default function OutboxScreen({ loaderData }: Route.ComponentProps) {
  const { query, messages, canSend } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Boîte d'envoi"
        description="Chaque email du site passe par ici : en attente, envoyé ou en échec, avec la raison du dernier échec."
        back={{ to: "/admin/email-templates", label: "Retour aux templates d'email" }}
        actions={
          <Button asChild variant="outline">
            <Link to={location.pathname + location.search} replace preventScrollReset>
              <RefreshCw aria-hidden />
              Actualiser
            </Link>
          </Button>
        }
      />
      <ListFilters>
        <SearchField label="Rechercher" placeholder="Destinataire ou sujet" defaultValue={query.q} />
        <FilterSelect
          name="status"
          label="Statut"
          allLabel="Tous les statuts"
          options={outboxStatuses.map((status) => ({
            value: status,
            label: outboxStatusLabel(status, canSend),
          }))}
          value={query.filters.status}
        />
      </ListFilters>
      <DataTable
        caption="Emails de la boîte d'envoi"
        rows={messages.items}
        rowKey={(m) => m.id}
        columns={outboxColumns(canSend)}
        sort={{ sort: query.sort, dir: query.dir }}
        empty={
          <EmptyState
            title={
              query.q || query.filters.status
                ? "Aucun email pour cette recherche."
                : "Aucun email envoyé pour l'instant."
            }
          />
        }
      />
      <Pagination page={messages} totalLabel={(n) => `${n} email${n > 1 ? "s" : ""}`} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de charger la boîte d'envoi"
      retryTo="/admin/email-templates/outbox"
    />
  );
}
