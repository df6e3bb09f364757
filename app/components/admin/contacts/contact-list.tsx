import { Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ContactStatusSelect } from "~/components/admin/contacts/contact-status-select";
import { Icon } from "~/components/admin/icon";
import { DeleteRowButton, SelectionBar, type Column, type RowSelection } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { contactStatuses, contactStatusLabels, serviceTypeLabels, type ServiceType } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { trashNotice } from "~/lib/schemas/trash";
import type { ContactListItem } from "~/server/contacts/inbox.server.ts";
import { plural } from "~/lib/plural";

// The inbox's list (back-office.md §2.15): its columns, its bulk actions and a request's two
// deletions. The screen (routes/admin/contacts) gives the selection and the detail's address.

/** The list's columns; `detailLink(id)` opens a request's detail over the list. */
export function contactColumns(detailLink: (id: string) => string): Column<ContactListItem>[] {
  return [
    {
      id: "name",
      header: "Nom",
      card: "title",
      className: "max-w-[170px]",
      cell: (c) => (
        <Link
          to={detailLink(c.id)}
          preventScrollReset
          className="block min-w-0 truncate font-medium underline-offset-4 hover:underline"
        >
          {c.name}
        </Link>
      ),
    },
    {
      id: "email",
      header: "Email",
      className: "max-w-[180px] truncate",
      cell: (c) => (
        <a href={`mailto:${c.email}`} className="underline-offset-4 hover:underline">
          {c.email}
        </a>
      ),
    },
    {
      id: "phone",
      header: "Téléphone",
      className: "whitespace-nowrap",
      cell: (c) =>
        c.phone ? (
          <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`} className="underline-offset-4 hover:underline">
            {c.phone}
          </a>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "service",
      header: "Service",
      className: "max-w-[130px]",
      cell: (c) => serviceLabel(c.serviceType),
    },
    {
      id: "createdAt",
      header: "Date",
      sortable: true,
      firstDir: "desc",
      className: "whitespace-nowrap",
      cell: (c) => formatDateTime(c.createdAt),
    },
    {
      id: "status",
      header: "Statut",
      cell: (c) => (
        <ContactStatusSelect id={c.id} status={c.status} label={`Statut de la demande de ${c.name}`} />
      ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (c) => (
        <div className="flex gap-1">
          <Button asChild variant="ghost" size="icon" title="Voir">
            <Link to={detailLink(c.id)} preventScrollReset>
              <Icon name="eye" />
              <span className="sr-only">{`Voir la demande de ${c.name}`}</span>
            </Link>
          </Button>
          <DeleteContactDialog contact={c} compact />
        </div>
      ),
    },
  ];
}

/**
 * The selection's actions: a new status for all, and on the spam filter, for administrators,
 * 'Effacer' (confirmed; decision 024).
 */
export function ContactBulkActions({
  selection,
  spamErasable,
}: {
  selection: RowSelection;
  spamErasable: boolean;
}) {
  const { chosen } = selection;
  return (
    <SelectionBar selection={selection} label="Actions sur la sélection" chosenLabel="sélectionnée">
      <Form
        method="post"
        className="flex gap-2"
        aria-label="Changer le statut de plusieurs demandes"
        onSubmit={selection.clear}
      >
        <input type="hidden" name="intent" value="status" />
        {chosen.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <NativeSelect
          name="status"
          aria-label="Nouveau statut"
          className="sm:w-40"
          defaultValue="in_progress"
        >
          {contactStatuses.map((value) => (
            <NativeSelectOption key={value} value={value}>
              {contactStatusLabels[value]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <Button type="submit" variant="secondary" disabled={chosen.length === 0}>
          Appliquer
        </Button>
        {spamErasable ? (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="destructive" disabled={chosen.length === 0}>
                <Icon name="trash" />
                Effacer
              </Button>
            }
            title={`Effacer définitivement ${plural(chosen.length, "demande indésirable")} ?`}
            description="Les demandes sélectionnées, leurs notes et leurs e-mails seront effacés. Cette action ne peut pas être annulée."
            confirmLabel="Effacer"
            pendingLabel="Effacement..."
            intent="erase-spam"
            fields={{ ids: chosen.join(",") }}
          />
        ) : null}
      </Form>
    </SelectionBar>
  );
}

/** 'Supprimer': to the trash (decision 012), for everyone. */
export function DeleteContactDialog({
  contact,
  compact = false,
}: {
  contact: Pick<ContactListItem, "id" | "name">;
  compact?: boolean;
}) {
  return (
    <ConfirmDialog
      trigger={<DeleteRowButton name={`la demande de ${contact.name}`} compact={compact} />}
      title="Confirmer la suppression"
      description={`Êtes-vous sûr de vouloir supprimer la demande de « ${contact.name} » ? ${trashNotice.contacts}`}
      intent="delete"
      fields={{ id: contact.id }}
    />
  );
}

/** 'Effacer': the GDPR erasure, immediate and permanent, for administrators. */
export function EraseContactDialog({ contact }: { contact: Pick<ContactListItem, "id" | "name"> }) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-red-300 hover:text-red-200">
          <Icon name="eraser" />
          Effacer
          <span className="sr-only"> la demande de {contact.name}</span>
        </Button>
      }
      title="Effacer définitivement cette demande ?"
      description={`La demande de « ${contact.name} », ses notes et les e-mails envoyés à son sujet seront effacés (droit à l'effacement). Cette action ne peut pas être annulée.`}
      confirmLabel="Effacer"
      pendingLabel="Effacement..."
      intent="erase"
      fields={{ id: contact.id }}
    />
  );
}

function serviceLabel(type: string) {
  return serviceTypeLabels[type as ServiceType] ?? type;
}
