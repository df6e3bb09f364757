import { parseWithZod } from "@conform-to/zod/v4";
import { useLocation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ExportLink } from "~/components/admin/export-link";
import { ContactDetailDialog } from "~/components/admin/contacts/contact-detail";
import {
  ContactBulkActions,
  contactColumns,
  DeleteContactDialog,
  EraseContactDialog,
} from "~/components/admin/contacts/contact-list";
import { DataTable, Pagination, useRowSelection } from "~/components/admin/data-table";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { MailDeliveryAlert } from "~/components/admin/email/mail-delivery-alert";
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
import { plural, pluralWords } from "~/lib/plural";
import { isUuid } from "~/lib/uuid";
import { refuseRequest, unknownIntent } from "~/server/admin/form-replies.server";
import {
  rowActionFromForm,
  saveRowFromForm,
  selectionActionFromForm,
} from "~/server/admin/row-actions.server";
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

export const meta: Route.MetaFunction = () => [{ title: "Gestion des Contacts | Back-office" }];

/** `?contact=<id>` opens a request's detail over the list (links from the header land there). */
const DETAIL_PARAM = "contact";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const query = parseListQuery(request, contactListSpec);
  const detailId = new URL(request.url).searchParams.get(DETAIL_PARAM);
  const shown = isUuid(detailId) ? detailId : null;
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

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  // Deleting or erasing the request shown closes its detail.
  const url = new URL(request.url);
  url.searchParams.delete(DETAIL_PARAM);
  const list = url.pathname + url.search;
  const gone = "Cette demande n'existe plus.";

  switch (formData.get("intent")) {
    case "status": {
      const status = contactStatusSchema.safeParse(formData.get("status"));
      if (!status.success) refuseRequest("Statut ou demande invalide");
      return selectionActionFromForm(request, formData, {
        act: async (ids) => (await setContactStatus(who, ids, status.data), ids.length),
        done: (count) => ({
          title: "Statut mis à jour",
          description: count > 1 ? `${count} demandes : ${contactStatusLabels[status.data]}` : undefined,
        }),
        failed: "Impossible de mettre à jour le statut de la demande",
      });
    }
    case "note":
      return saveRowFromForm(request, formData, contactNoteSchema, {
        missing: gone,
        save: (note, ref) => addContactNote(who, ref.id, note.body),
        done: { title: "Note ajoutée" },
        failed: "Impossible d'ajouter la note",
      });
    case "reply":
      return saveRowFromForm(request, formData, contactReplySchema, {
        missing: gone,
        save: async (reply, ref) => replyToContact(who, ref.id, reply, await getSiteSettings()),
        done: {
          title: "Réponse envoyée",
          description: "Elle part par la boîte d'envoi ; son état s'affiche dans l'historique.",
        },
        failed: "Impossible d'envoyer la réponse",
      });
    case "assign": {
      const submission = parseWithZod(formData, { schema: contactAssignSchema });
      if (submission.status !== "success") refuseRequest("Membre de l'équipe invalide");
      const assignee = submission.value.assignee ?? null;
      return rowActionFromForm(request, formData, {
        act: (ref) => assignContact(who, ref.id, assignee),
        done: { title: assignee ? "Demande attribuée" : "Attribution retirée" },
        gone: "Cette demande ou ce membre de l'équipe n'existe plus.",
        failed: "Impossible de mettre à jour la demande",
      });
    }
    case "follow-up": {
      const submission = parseWithZod(formData, { schema: contactFollowUpSchema });
      if (submission.status !== "success") refuseRequest("Date invalide");
      const on = submission.value.followUpOn ?? null;
      return rowActionFromForm(request, formData, {
        act: (ref) => setFollowUp(who, ref.id, on),
        done: {
          title: on ? "Relance programmée" : "Relance retirée",
          description: on ? `À relancer le ${formatShortDate(on)}` : undefined,
        },
        gone: "Cette demande ou ce membre de l'équipe n'existe plus.",
        failed: "Impossible de mettre à jour la demande",
      });
    }
    case "erase-spam":
      // Permanent: administrators only (decision 024), as 'Effacer'.
      await requireRole(request, "admin");
      return selectionActionFromForm(request, formData, {
        act: (ids) => eraseSpam(who, ids),
        done: (erased) => ({
          title: "Demandes indésirables effacées",
          description: `${plural(erased, "demande effacée")}, avec ${pluralWords(erased, "ses", "leurs")} notes et e-mails.`,
        }),
        failed: "Impossible d'effacer les demandes indésirables",
      });
    case "delete":
      return rowActionFromForm(request, formData, {
        act: (ref) => trashContact(who, ref.id),
        back: list,
        done: { title: "Demande supprimée", description: "Placée dans la corbeille." },
        failed: "Impossible de supprimer la demande",
      });
    case "erase":
      // The GDPR erasure is permanent, so administrators only (decision 024); 'Supprimer' is for everyone.
      await requireRole(request, "admin");
      return rowActionFromForm(request, formData, {
        act: (ref) => eraseContact(who, ref.id),
        back: list,
        done: {
          title: "Demande effacée",
          description: "La demande, ses notes et ses e-mails ont été effacés.",
        },
        failed: "Impossible de supprimer la demande",
      });
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
  const columns = contactColumns(detailLink);

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
        selection={{ state: selection, label: (c) => `Sélectionner la demande de ${c.name}` }}
        empty="Aucune demande de contact pour le moment."
        noMatch="Aucune demande ne correspond à cette recherche."
        filtered={filtered}
      />
      <Pagination page={contacts} counted="demande" />

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
