import { parseWithZod } from "@conform-to/zod/v4";
import { useLocation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ExportLink } from "~/components/admin/export-link";
import { ContactDetailDialog } from "~/components/admin/contact-detail";
import {
  ContactBulkActions,
  contactColumns,
  DeleteContactDialog,
  EraseContactDialog,
} from "~/components/admin/contact-list";
import { DataTable, EmptyState, Pagination, useRowSelection } from "~/components/admin/data-table";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { MailDeliveryAlert } from "~/components/admin/mail-delivery-alert";
import { PageHeader } from "~/components/admin/page-header";
import { contactStatuses, contactStatusLabels } from "~/lib/enums";
import { formatShortDate } from "~/lib/format-date";
import { listSearch, parseListQuery } from "~/lib/list-query";
import {
  contactAssignmentFilterLabels,
  contactAssignmentFilters,
  contactAssignSchema,
  contactFollowUpSchema,
  contactListSpec,
  contactNoteSchema,
  contactReplySchema,
  contactStatusSchema,
} from "~/lib/schemas/contacts";
import { z } from "~/lib/zod";
import { replyFailed, replyInvalid, unknownIntent } from "~/server/admin/form-replies.server";
import { MissingRowError } from "~/server/audit/mutation.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  addContactNote,
  eraseContact,
  eraseSpam,
  trashContact,
  getContact,
  listContacts,
  setContactStatus,
} from "~/server/contacts/inbox.server";
import { getContactTimeline } from "~/server/contacts/timeline.server";
import {
  assignContact,
  listAssignableStaff,
  replyDraft,
  replyToContact,
  setFollowUp,
} from "~/server/contacts/workflow.server";
import { getSiteSettings } from "~/server/settings.server";
import { getMailDeliveryAlerts } from "~/server/mail/outbox-admin.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast, type ToastInput } from "~/server/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Gestion des Contacts | Back-office" }];

/** `?contact=<id>` opens a request's detail over the list (links from the header land there). */
const DETAIL_PARAM = "contact";
const uuid = z.uuid();

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const query = parseListQuery(request, contactListSpec);
  const detailId = new URL(request.url).searchParams.get(DETAIL_PARAM);
  const shown = detailId && uuid.safeParse(detailId).success ? detailId : null;
  const [contacts, detail, timeline, mail, staff] = await Promise.all([
    listContacts(query, user.id),
    shown ? getContact(shown) : null,
    shown ? getContactTimeline(shown) : null,
    getMailDeliveryAlerts(),
    shown ? listAssignableStaff() : [],
  ]);
  const draft = detail ? await replyDraft(detail, user) : null;
  return { query, contacts, detail, timeline, mail, staff, draft, role: user.role ?? "user" };
}

/** A workflow change of the one request the form names; a request gone meanwhile is told so. */
async function changeOne(
  back: string,
  ids: string[],
  change: (id: string) => Promise<unknown>,
  done: ToastInput,
) {
  try {
    if (ids.length !== 1) throw new MissingRowError("contacts", "");
    await change(ids[0]!);
  } catch (error) {
    if (!(error instanceof MissingRowError)) logger.error({ err: error }, "contact workflow change failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Erreur",
      description:
        error instanceof MissingRowError
          ? "Cette demande ou ce membre de l'équipe n'existe plus."
          : "Impossible de mettre à jour la demande",
    });
  }
  return redirectWithToast(back, done);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const ids = formData
    .getAll("id")
    .filter((value): value is string => typeof value === "string" && uuid.safeParse(value).success);

  switch (formData.get("intent")) {
    case "status": {
      const status = contactStatusSchema.safeParse(formData.get("status"));
      if (!status.success || ids.length === 0)
        throw new Response("Statut ou demande invalide", { status: 400 });
      try {
        await setContactStatus(who, ids, status.data);
      } catch (error) {
        logger.error({ err: error }, "contact status change failed");
        return redirectWithToast(back, {
          type: "error",
          title: "Erreur",
          description: "Impossible de mettre à jour le statut de la demande",
        });
      }
      return redirectWithToast(back, {
        title: "Statut mis à jour",
        description:
          ids.length > 1 ? `${ids.length} demandes : ${contactStatusLabels[status.data]}` : undefined,
      });
    }
    case "note": {
      const submission = parseWithZod(formData, { schema: contactNoteSchema });
      if (submission.status !== "success") return replyInvalid(submission);
      try {
        if (ids.length !== 1) throw new MissingRowError("contacts", String(formData.get("id")));
        await addContactNote(who, ids[0]!, submission.value.body);
      } catch (error) {
        if (error instanceof MissingRowError)
          return replyInvalid(submission, { formErrors: ["Cette demande n'existe plus."] });
        return replyFailed(submission, error, "Impossible d'ajouter la note");
      }
      return redirectWithToast(back, { title: "Note ajoutée" });
    }
    case "reply": {
      const submission = parseWithZod(formData, { schema: contactReplySchema });
      if (submission.status !== "success") return replyInvalid(submission);
      try {
        if (ids.length !== 1) throw new MissingRowError("contacts", String(formData.get("id")));
        await replyToContact(who, ids[0]!, submission.value, await getSiteSettings());
      } catch (error) {
        if (error instanceof MissingRowError)
          return replyInvalid(submission, { formErrors: ["Cette demande n'existe plus."] });
        return replyFailed(submission, error, "Impossible d'envoyer la réponse");
      }
      return redirectWithToast(back, {
        title: "Réponse envoyée",
        description: "Elle part par la boîte d'envoi ; son état s'affiche dans l'historique.",
      });
    }
    case "assign": {
      const submission = parseWithZod(formData, { schema: contactAssignSchema });
      if (submission.status !== "success") throw new Response("Membre de l'équipe invalide", { status: 400 });
      const assignee = submission.value.assignee ?? null;
      return changeOne(back, ids, (id) => assignContact(who, id, assignee), {
        title: assignee ? "Demande attribuée" : "Attribution retirée",
      });
    }
    case "follow-up": {
      const submission = parseWithZod(formData, { schema: contactFollowUpSchema });
      if (submission.status !== "success") throw new Response("Date invalide", { status: 400 });
      const on = submission.value.followUpOn ?? null;
      return changeOne(back, ids, (id) => setFollowUp(who, id, on), {
        title: on ? "Relance programmée" : "Relance retirée",
        description: on ? `À relancer le ${formatShortDate(on)}` : undefined,
      });
    }
    case "erase-spam": {
      // Permanent: administrators only (decision 024), as 'Effacer'.
      await requireRole(request, "admin");
      const spam = String(formData.get("ids") ?? "")
        .split(",")
        .filter((id) => uuid.safeParse(id).success);
      try {
        const erased = await eraseSpam(who, spam);
        return redirectWithToast(back, {
          title: "Demandes indésirables effacées",
          description: `${erased} demande${erased > 1 ? "s" : ""} effacée${erased > 1 ? "s" : ""}, avec ${erased > 1 ? "leurs" : "ses"} notes et e-mails.`,
        });
      } catch (error) {
        logger.error({ err: error }, "spam erasure failed");
        return redirectWithToast(back, {
          type: "error",
          title: "Erreur",
          description: "Impossible d'effacer les demandes indésirables",
        });
      }
    }
    case "delete": {
      url.searchParams.delete(DETAIL_PARAM);
      const list = url.pathname + url.search;
      try {
        if (ids.length !== 1) throw new MissingRowError("contacts", String(formData.get("id")));
        await trashContact(who, ids[0]!);
      } catch (error) {
        if (!(error instanceof MissingRowError)) logger.error({ err: error }, "contact delete failed");
        return redirectWithToast(list, {
          type: "error",
          title: "Erreur",
          description: "Impossible de supprimer la demande",
        });
      }
      return redirectWithToast(list, {
        title: "Demande supprimée",
        description: "Placée dans la corbeille.",
      });
    }
    case "erase": {
      // The GDPR erasure is permanent, so administrators only (decision 024); 'Supprimer' is for everyone.
      await requireRole(request, "admin");
      url.searchParams.delete(DETAIL_PARAM);
      const list = url.pathname + url.search;
      try {
        if (ids.length !== 1) throw new MissingRowError("contacts", String(formData.get("id")));
        await eraseContact(who, ids[0]!);
      } catch (error) {
        if (!(error instanceof MissingRowError)) logger.error({ err: error }, "contact erasure failed");
        return redirectWithToast(list, {
          type: "error",
          title: "Erreur",
          description: "Impossible de supprimer la demande",
        });
      }
      return redirectWithToast(list, {
        title: "Demande effacée",
        description: "La demande, ses notes et ses e-mails ont été effacés.",
      });
    }
  }
  unknownIntent();
}

/** The detail's address: the list as it is, plus the request to show. */
function useDetailLink() {
  const { search } = useLocation();
  return (id: string) => {
    const params = new URLSearchParams(search);
    params.set(DETAIL_PARAM, id);
    return `?${params}`;
  };
}

export default function ContactsScreen({ loaderData }: Route.ComponentProps) {
  const { query, contacts, detail, timeline, mail, staff, draft, role } = loaderData;
  const location = useLocation();
  const detailLink = useDetailLink();
  const selection = useRowSelection(contacts.items.map((contact) => contact.id));
  const columns = contactColumns(selection, detailLink);

  const filtered = Boolean(query.q || query.filters.status || query.filters.assigned);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Gestion des Contacts"
        description="Les demandes envoyées depuis le formulaire de contact du site."
        actions={
          <ExportLink
            to="/admin/contacts/export"
            drop={[DETAIL_PARAM]}
            filtered={filtered && "la liste filtrée"}
          />
        }
      />
      <MailDeliveryAlert {...mail} role={role} />
      <ListFilters keep={[]}>
        <SearchField
          label="Rechercher"
          placeholder="Nom, email, objet, message ou service"
          defaultValue={query.q}
        />
        <FilterSelect
          name="status"
          label="Statut"
          allLabel="Tous les statuts"
          options={contactStatuses.map((value) => ({ value, label: contactStatusLabels[value] }))}
          value={query.filters.status}
        />
        <FilterSelect
          name="assigned"
          label="Attribution"
          allLabel="Toutes les demandes"
          options={contactAssignmentFilters.map((value) => ({
            value,
            label: contactAssignmentFilterLabels[value],
          }))}
          value={query.filters.assigned}
        />
      </ListFilters>

      {contacts.items.length > 0 ? (
        <ContactBulkActions
          selection={selection}
          spamErasable={query.filters.status === "spam" && role === "admin"}
        />
      ) : null}

      <DataTable
        caption="Demandes de contact"
        rows={contacts.items}
        rowKey={(c) => c.id}
        columns={columns}
        sort={{ sort: query.sort, dir: query.dir }}
        empty={
          <EmptyState
            title={
              filtered
                ? "Aucune demande ne correspond à cette recherche."
                : "Aucune demande de contact pour le moment."
            }
          />
        }
      />
      <Pagination page={contacts} totalLabel={(n) => `${n} demande${n > 1 ? "s" : ""}`} />

      {detail ? (
        <ContactDetailDialog
          key={detail.id}
          contact={detail}
          timeline={timeline}
          staff={staff}
          draft={draft!}
          closeTo={listSearch(location.search, { [DETAIL_PARAM]: null, page: query.page })}
          eraseButton={
            <div className="flex flex-wrap gap-2">
              <DeleteContactDialog contact={detail} />
              {role === "admin" ? <EraseContactDialog contact={detail} /> : null}
            </div>
          }
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de récupérer les demandes de contact"
      retryTo="/admin/contacts"
    />
  );
}
