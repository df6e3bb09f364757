import { Loader2, RefreshCw, Send } from "lucide-react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/outbox";
import { AdminError } from "~/components/admin/admin-error";
import {
  DataTable,
  Pagination,
  SelectionBar,
  useRowSelection,
  type Column,
} from "~/components/admin/data-table";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { OutboxMessageDialog } from "~/components/admin/email/outbox-message-dialog";
import { PageHeader } from "~/components/admin/page-header";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { emailTemplateLabels } from "~/lib/admin/email-templates";
import { outboxStatuses } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { listSearch, parseListQuery } from "~/lib/list-query";
import { outboxListSpec, outboxStatusLabel } from "~/lib/admin/outbox";
import { isUuid } from "~/lib/uuid";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { getOutboxMessage, listOutbox, resendOutboxMessages } from "~/server/mail/outbox-admin.server";
import { mailTransportKind } from "~/server/mail/transports.server";
import { getSiteSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { plural } from "~/lib/plural";

export const meta: Route.MetaFunction = () => [{ title: "Boîte d'envoi | Back-office" }];

/** `?message=<id>` opens a message in full over the list. */
const DETAIL_PARAM = "message";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const query = parseListQuery(request, outboxListSpec);
  const shown = new URL(request.url).searchParams.get(DETAIL_PARAM);
  const [messages, settings, detail] = await Promise.all([
    listOutbox(query),
    getSiteSettings(),
    shown && isUuid(shown) ? getOutboxMessage(shown) : null,
  ]);
  return { query, messages, detail, canSend: mailTransportKind(settings) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  switch (formData.get("intent")) {
    case "resend": {
      // One message ('Renvoyer' on its row) or the selection.
      const ids = formData.getAll("id").filter((id): id is string => typeof id === "string" && isUuid(id));
      const resent = await resendOutboxMessages(who, ids);
      return redirectWithToast(
        back,
        resent > 0
          ? {
              title: resent > 1 ? `${resent} emails remis en file d'envoi` : "Email remis en file d'envoi",
              description:
                resent < ids.length
                  ? "Ils partent dans quelques secondes ; les autres sont déjà envoyés ou en cours d'envoi."
                  : resent > 1
                    ? "Ils partent dans quelques secondes."
                    : "Il part dans quelques secondes.",
            }
          : {
              type: "error",
              title: "Erreur",
              description:
                ids.length > 1
                  ? "Ces emails ne peuvent pas être renvoyés : ils sont déjà envoyés ou en cours d'envoi."
                  : "Cet email ne peut pas être renvoyé : il est déjà envoyé ou en cours d'envoi.",
            },
      );
    }
  }
  unknownIntent();
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

const resendable = (m: Message) => m.status === "failed" || m.status === "pending";
const selectAllLabel = "Sélectionner les emails à renvoyer de cette page";

/**
 * The columns; `canSend` false shows pending mail as waiting for a provider. A resendable message
 * can be selected for the bulk 'Renvoyer'; the subject opens the message in full.
 */
function outboxColumns(canSend: boolean, detailLink: (id: string) => string): Column<Message>[] {
  return [
    {
      id: "subject",
      header: "Sujet",
      card: "title",
      className: "max-w-[300px]",
      cell: (m) => (
        <Link
          to={detailLink(m.id)}
          preventScrollReset
          className="line-clamp-2 font-medium underline-offset-4 hover:underline"
        >
          {m.subject}
        </Link>
      ),
    },
    { id: "to", header: "Destinataire", cell: (m) => <span className="break-all">{m.toAddress}</span> },
    {
      id: "template",
      header: "Type",
      cell: (m) => (
        <span className="flex flex-col gap-0.5">
          {m.templateName ? (emailTemplateLabels[m.templateName] ?? m.templateName) : "—"}
          {m.contactId ? (
            <Link
              to={`/admin/contacts?contact=${m.contactId}`}
              className="text-xs text-muted-foreground underline underline-offset-4"
            >
              Voir la demande<span className="sr-only"> de l'email « {m.subject} »</span>
            </Link>
          ) : null}
        </span>
      ),
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
                : plural(m.attempts, "tentative")}
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
      cell: (m) => (resendable(m) ? <ResendButton message={m} /> : null),
    },
  ];
}

export default function OutboxScreen({ loaderData }: Route.ComponentProps) {
  const { query, messages, detail, canSend } = loaderData;
  const location = useLocation();
  const selection = useRowSelection(messages.items.filter(resendable).map((m) => m.id));
  const { chosen } = selection;
  const detailLink = (id: string) => listSearch(location.search, { [DETAIL_PARAM]: id, page: query.page });
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
      {messages.items.some(resendable) ? (
        <SelectionBar
          selection={selection}
          label="Renvoyer plusieurs emails"
          allLabel={selectAllLabel}
          chosenLabel="sélectionné"
        >
          <Form method="post" onSubmit={selection.clear}>
            <input type="hidden" name="intent" value="resend" />
            {chosen.map((id) => (
              <input key={id} type="hidden" name="id" value={id} />
            ))}
            <Button type="submit" variant="secondary" disabled={chosen.length === 0}>
              <Send aria-hidden />
              Renvoyer la sélection
            </Button>
          </Form>
        </SelectionBar>
      ) : null}
      <DataTable
        caption="Emails de la boîte d'envoi"
        rows={messages.items}
        rowKey={(m) => m.id}
        columns={outboxColumns(canSend, detailLink)}
        sort={{ sort: query.sort, dir: query.dir }}
        selection={{
          state: selection,
          label: (m) => `Sélectionner l'email « ${m.subject} » à ${m.toAddress}`,
          can: resendable,
          allLabel: selectAllLabel,
        }}
        empty="Aucun email envoyé pour l'instant."
        noMatch="Aucun email pour cette recherche."
        filtered={Boolean(query.q || query.filters.status)}
      />
      <Pagination page={messages} counted="email" />
      {detail ? (
        <OutboxMessageDialog
          key={detail.id}
          message={detail}
          canSend={canSend}
          closeTo={listSearch(location.search, { [DETAIL_PARAM]: null, page: query.page })}
        />
      ) : null}
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
