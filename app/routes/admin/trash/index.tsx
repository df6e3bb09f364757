import { useState } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import {
  DataTable,
  Pagination,
  rowAction,
  SelectionBar,
  useRowSelection,
  type Column,
} from "~/components/admin/data-table";
import { Icon } from "~/components/admin/icon";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { addDays } from "date-fns";
import { trashEntityLabels, trashEntityTypes, type TrashEntityType } from "~/lib/enums";
import { formatDateTime, formatShortDate } from "~/lib/format-date";
import { parseListQuery } from "~/lib/list-query";
import { TRASH_RETENTION_DAYS, trashListSpec } from "~/lib/schemas/trash";
import { plural, pluralWords } from "~/lib/plural";
import { slugify } from "~/lib/slugify";
import { readSelection } from "~/lib/schemas/common";
import type { FormAnswer, Problem } from "~/lib/admin/form-answer";
import { refuseRequest, unknownIntent } from "~/server/admin/form-replies.server";
import { sameList, selectionActionFromForm } from "~/server/admin/row-actions.server";
import { ContactErasureForbiddenError } from "~/server/contacts/retention.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { listTrash } from "~/server/trash/list.server";
import { purgeTrashItems, restoreTrashItems } from "~/server/trash/trash.server";

export const meta: Route.MetaFunction = () => [{ title: "Corbeille | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const query = parseListQuery(request, trashListSpec);
  // A contact request is purged by an administrator only (decision 024): no control for the others.
  return { query, items: await listTrash(query), contactsPurgeable: user.role === "admin" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "restore": {
      const ids = readSelection(formData);
      if (ids.length === 0) refuseRequest("Aucun élément choisi");
      const typed = slugify(String(formData.get("slug") ?? "")) || undefined;
      const { restored, refused, slugTaken } = await restoreTrashItems(who, ids, typed);
      // One item whose slug another took: the person chooses another in place.
      if (slugTaken)
        return data<FormAnswer>(
          {
            problem: {
              title: "Slug déjà utilisé",
              proposal: { id: slugTaken.id, taken: slugTaken.slug, value: slugTaken.proposal },
            },
          },
          { status: 409 },
        );
      return redirectWithToast(
        sameList(request),
        restored.length === 0
          ? { type: "error", title: "Restauration impossible", description: refused.join(" ") }
          : {
              title: restored.length === 1 ? "Élément restauré" : plural(restored.length, "élément restauré"),
              description:
                refused.length > 0
                  ? `${pluralWords(refused.length, "Non restauré")} : ${refused.join(" ")}`
                  : restored.length === 1
                    ? `« ${restored[0]} » est de retour à sa place.`
                    : undefined,
            },
      );
    }
    case "purge":
      return selectionActionFromForm(request, formData, {
        act: (ids) => purgeTrashItems(who, ids),
        done: (purged) => ({
          title: "Suppression définitive",
          description: `${plural(purged, "élément supprimé")} définitivement.`,
        }),
        failed: "Impossible de supprimer définitivement les éléments.",
        refuse: (error) =>
          error instanceof ContactErasureForbiddenError
            ? { title: "Erreur", description: error.message }
            : undefined,
      });
  }
  unknownIntent();
}

type TrashRow = Route.ComponentProps["loaderData"]["items"]["items"][number];

function typeLabel(type: string) {
  return trashEntityLabels[type as TrashEntityType] ?? type;
}

/**
 * 'Restaurer' for one row or the selection: not destructive, so no confirmation. A row's is an
 * icon with its verb as tooltip (the kit's compact row actions): six columns and two long verbs
 * did not fit a 1280 px screen beside the menu.
 */
function RestoreButton({ ids, label, name }: { ids: string[]; label: string; name?: string }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="ids" value={ids.join(",")} />
      {name ? (
        <button type="submit" {...rowAction({ verb: label, icon: "rotate-ccw", name, compact: true })} />
      ) : (
        <Button type="submit" variant="secondary" size="sm" disabled={ids.length === 0}>
          <Icon name="rotate-ccw" />
          {label}
        </Button>
      )}
    </Form>
  );
}

function PurgeDialog({ ids, title, name }: { ids: string[]; title: string; name?: string }) {
  return (
    <ConfirmDialog
      trigger={
        name ? (
          <button
            type="button"
            {...rowAction({
              verb: "Supprimer définitivement",
              icon: "trash",
              name,
              compact: true,
              danger: true,
            })}
          />
        ) : (
          <Button type="button" variant="destructive" size="sm" disabled={ids.length === 0}>
            <Icon name="trash" />
            Supprimer définitivement
          </Button>
        )
      }
      title={title}
      description="Cette action ne peut pas être annulée."
      confirmLabel="Supprimer définitivement"
      intent="purge"
      fields={{ ids: ids.join(",") }}
    />
  );
}

/** A restore refused because another item took the slug: the free proposal, editable. */
function SlugTakenDialog({ conflict }: { conflict: NonNullable<Problem["proposal"]> }) {
  const [open, setOpen] = useState(true);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      title="Slug déjà utilisé"
      description={
        <>
          Le slug « {conflict.taken} » est déjà utilisé par un autre contenu. Restaurez l'élément sous une
          autre adresse.
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="ids" value={conflict.id} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="restore-slug">Nouveau slug</Label>
          <Input id="restore-slug" name="slug" defaultValue={conflict.value} autoComplete="off" />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Annuler
            </Button>
          </DialogClose>
          <Button type="submit">Restaurer avec ce slug</Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}

export default function TrashScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { query, items, contactsPurgeable } = loaderData;
  const selection = useRowSelection(items.items.map((item) => item.id));
  const { chosen } = selection;
  const purgeable = (item: TrashRow) => contactsPurgeable || item.entityType !== "contacts";
  const purgeableChosen = items.items.filter((item) => chosen.includes(item.id) && purgeable(item));

  const columns: Column<TrashRow>[] = [
    {
      id: "title",
      header: "Titre",
      sortable: true,
      card: "title",
      className: "max-w-[320px]",
      cell: (item) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{item.title}</span>
          {item.slug ? <span className="truncate text-xs text-muted-foreground">/{item.slug}</span> : null}
        </span>
      ),
    },
    {
      id: "type",
      header: "Type",
      sortable: true,
      cell: (item) => <Badge variant="secondary">{typeLabel(item.entityType)}</Badge>,
    },
    {
      id: "deletedBy",
      header: "Supprimé par",
      className: "max-w-[200px] truncate",
      cell: (item) => item.deletedByEmail ?? <span className="text-muted-foreground">Compte supprimé</span>,
    },
    {
      id: "deleted",
      header: "Supprimé le",
      sortable: true,
      firstDir: "desc",
      className: "whitespace-nowrap",
      cell: (item) => formatDateTime(item.deletedAt),
    },
    {
      id: "purge",
      header: "Suppression définitive",
      className: "whitespace-nowrap",
      cell: (item) => formatShortDate(addDays(new Date(item.deletedAt), TRASH_RETENTION_DAYS)),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (item) => (
        <div className="flex flex-wrap gap-1 md:flex-nowrap">
          <RestoreButton ids={[item.id]} label="Restaurer" name={`« ${item.title} »`} />
          {purgeable(item) ? (
            <PurgeDialog
              ids={[item.id]}
              name={`« ${item.title} »`}
              title={`Supprimer définitivement « ${item.title} » ?`}
            />
          ) : null}
        </div>
      ),
    },
  ];

  const filtered = Boolean(query.q || query.filters.type);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Corbeille"
        description={`Les éléments supprimés restent ici ${TRASH_RETENTION_DAYS} jours, puis sont supprimés définitivement.`}
      />
      <ListFilters>
        <SearchField
          label="Rechercher"
          placeholder="Titre, slug ou auteur de la suppression"
          defaultValue={query.q}
        />
        <FilterSelect
          name="type"
          label="Type"
          allLabel="Tous les types"
          options={trashEntityTypes.map((value) => ({ value, label: trashEntityLabels[value] }))}
          value={query.filters.type}
        />
      </ListFilters>

      {items.items.length > 0 ? (
        <SelectionBar selection={selection} label="Actions sur la sélection" chosenLabel="sélectionné">
          <div className="flex flex-wrap gap-2">
            <RestoreButton ids={chosen} label="Restaurer la sélection" />
            <PurgeDialog
              ids={purgeableChosen.map((item) => item.id)}
              title={`Supprimer définitivement ${plural(purgeableChosen.length, "élément")} ?`}
            />
          </div>
        </SelectionBar>
      ) : null}

      <DataTable
        caption="Corbeille"
        rows={items.items}
        rowKey={(item) => item.id}
        columns={columns}
        sort={{ sort: query.sort, dir: query.dir }}
        selection={{ state: selection, label: (item) => `Sélectionner « ${item.title} »` }}
        empty="La corbeille est vide."
        noMatch="Aucun élément ne correspond à cette recherche."
        filtered={filtered}
      />
      <Pagination page={items} counted="élément" />
      {actionData?.problem?.proposal ? (
        <SlugTakenDialog key={actionData.problem.proposal.value} conflict={actionData.problem.proposal} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger la corbeille" retryTo="/admin/trash" />;
}
