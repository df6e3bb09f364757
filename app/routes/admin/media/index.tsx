import { useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { AlertFrame } from "~/components/admin/alert-frame";
import { BatchUploadList, useBatchUpload } from "~/components/admin/batch-upload";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import {
  DataTable,
  DeleteRowButton,
  EmptyState,
  Pagination,
  type Column,
} from "~/components/admin/data-table";
import { Icon } from "~/components/admin/icon";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { AlertDialogCancel, AlertDialogFooter } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { adminAccess, type AdminScreenPath } from "~/lib/admin/admin-access";
import {
  formatBytes,
  mediaInUseMessage,
  mediaUsageEntityLabels,
  mediaUsageFieldLabels,
  type MediaUsage,
} from "~/lib/admin/media";
import { formatShortDate } from "~/lib/format-date";
import { parseListQuery } from "~/lib/list-query";
import { hasRole } from "~/lib/admin/roles";
import { galleryMessages } from "~/lib/schemas/project";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  deleteFromLibrary,
  listLibrary,
  MediaInUseError,
  mediaListSpec,
} from "~/server/media/library.server";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { deleteRowFromForm } from "~/server/admin/row-actions.server";
import { MissingRowError } from "~/server/audit/mutation.server";

export const meta: Route.MetaFunction = () => [{ title: "Médiathèque | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const query = parseListQuery(request, mediaListSpec);
  return { query, media: await listLibrary(query), viewer: { role: user.role } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: async (ref) => {
          if (!(await deleteFromLibrary(ref.id, who))) throw new MissingRowError("media", ref.id);
        },
        deleted: { title: "Image supprimée" },
        gone: "Cette image n'existe plus.",
        failed: "Une erreur est survenue lors de la suppression de l'image.",
        // Content took the image up after the page was shown: the server has the last word.
        refuse: (error) =>
          error instanceof MediaInUseError
            ? { title: "Impossible de supprimer", description: error.message }
            : undefined,
      });
  }
  unknownIntent();
}

type Entry = Route.ComponentProps["loaderData"]["media"]["items"][number];
type Viewer = Route.ComponentProps["loaderData"]["viewer"];

/** The screen where a usage can be changed, and the path of the access table that guards it. */
function usageScreen(usage: MediaUsage): { to: string; screen: AdminScreenPath } {
  switch (usage.entityType) {
    case "projects":
      return { to: `/admin/projects/edit/${usage.id}`, screen: "/admin/projects/edit/:id" };
    case "blog_articles":
      return { to: `/admin/blog/edit/${usage.id}`, screen: "/admin/blog/edit/:id" };
    case "cms_pages":
      return { to: `/admin/cms/edit/${usage.id}`, screen: "/admin/cms/edit/:id" };
    case "blog_authors":
      return { to: `/admin/authors?q=${encodeURIComponent(usage.label)}`, screen: "/admin/authors" };
    case "expertise_blocks":
      return { to: `/admin/expertise?q=${encodeURIComponent(usage.label)}`, screen: "/admin/expertise" };
    case "site_settings":
      return { to: "/admin/settings", screen: "/admin/settings" };
    case "email_templates":
      return { to: "/admin/email-templates", screen: "/admin/email-templates" };
    case "trash_items":
      return { to: `/admin/trash?q=${encodeURIComponent(usage.label)}`, screen: "/admin/trash" };
  }
}

function UsageList({ usages, viewer }: { usages: MediaUsage[]; viewer: Viewer }) {
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label="Utilisée par">
      {usages.map((usage) => {
        const { to, screen } = usageScreen(usage);
        const where = usage.fields.map((field) => mediaUsageFieldLabels[field]).join(", ");
        return (
          <li key={`${usage.entityType}-${usage.id}`} className="min-w-0">
            <span className="text-muted-foreground">{mediaUsageEntityLabels[usage.entityType]} : </span>
            {hasRole(viewer, adminAccess[screen]) ? (
              <Link to={to} className="font-medium underline-offset-2 hover:underline">
                {usage.label}
              </Link>
            ) : (
              <span className="font-medium">{usage.label}</span>
            )}
            <span className="text-muted-foreground"> ({where})</span>
          </li>
        );
      })}
    </ul>
  );
}

function fileName(entry: Entry) {
  return entry.originalName || entry.url.split("/").at(-1)!;
}

function DeleteAction({ entry }: { entry: Entry }) {
  const trigger = <DeleteRowButton name={fileName(entry)} />;
  if (entry.usages.length === 0)
    return (
      <ConfirmDialog
        trigger={trigger}
        title="Confirmer la suppression"
        description={`Êtes-vous sûr de vouloir supprimer l'image « ${fileName(entry)} » de la médiathèque ? Ses fichiers seront effacés. Cette action ne peut pas être annulée.`}
        intent="delete"
        fields={{ id: entry.id }}
      />
    );
  // Refused before asking: the person learns at once what still uses the image.
  return (
    <AlertFrame
      trigger={trigger}
      title="Impossible de supprimer"
      description={mediaInUseMessage(entry.usages)}
    >
      <AlertDialogFooter>
        <AlertDialogCancel>Fermer</AlertDialogCancel>
      </AlertDialogFooter>
    </AlertFrame>
  );
}

function copyLink(entry: Entry) {
  navigator.clipboard
    .writeText(new URL(entry.url, location.origin).href)
    .then(() => toast.success("Lien copié"))
    .catch((error: Error) =>
      toast.error("Erreur", { description: `Impossible de copier le lien: ${error.message}` }),
    );
}

function columnsFor(viewer: Viewer): Column<Entry>[] {
  return [
    {
      id: "preview",
      header: "Aperçu",
      className: "w-px",
      cell: (entry) => (
        <a href={entry.url} target="_blank" rel="noreferrer" className="block w-fit">
          <img
            src={imageUrlForWidth(entry.url, 160)}
            alt={entry.altText ?? ""}
            width={80}
            height={56}
            loading="lazy"
            className="h-14 w-20 rounded bg-muted object-cover"
          />
          <span className="sr-only">Ouvrir l'image {fileName(entry)} (nouvel onglet)</span>
        </a>
      ),
    },
    {
      id: "file",
      header: "Fichier",
      card: "title",
      className: "max-w-[220px]",
      cell: (entry) => (
        <span className="block truncate font-medium" title={fileName(entry)}>
          {fileName(entry)}
        </span>
      ),
    },
    {
      id: "size",
      header: "Taille",
      className: "whitespace-nowrap",
      cell: (entry) => (
        <span className="flex flex-col">
          <span>{entry.width && entry.height ? `${entry.width} × ${entry.height}` : "—"}</span>
          <span className="text-muted-foreground">{formatBytes(entry.sizeBytes)}</span>
        </span>
      ),
    },
    {
      id: "alt",
      header: "Texte alternatif",
      className: "max-w-[200px]",
      cell: (entry) =>
        entry.altText ? (
          <span className="line-clamp-2">{entry.altText}</span>
        ) : (
          <span className="italic text-muted-foreground">Aucun</span>
        ),
    },
    {
      id: "date",
      header: "Ajoutée le",
      className: "max-w-[170px]",
      cell: (entry) => (
        <span className="flex flex-col">
          <span>{formatShortDate(entry.createdAt)}</span>
          {/* No uploader: an account since deleted, or a picture of the demo content. */}
          {entry.uploaderEmail && (
            <span className="truncate text-muted-foreground" title={entry.uploaderEmail}>
              par {entry.uploaderEmail}
            </span>
          )}
        </span>
      ),
    },
    {
      id: "usages",
      header: "Utilisation",
      className: "min-w-[170px] max-w-[280px]",
      cell: (entry) =>
        entry.usages.length === 0 ? (
          <span className="text-muted-foreground">Non utilisée</span>
        ) : (
          <UsageList usages={entry.usages} viewer={viewer} />
        ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (entry) => (
        <div className="flex flex-wrap gap-1 md:flex-nowrap">
          <Button variant="ghost" size="sm" title="Copier le lien" onClick={() => copyLink(entry)}>
            <Icon name="link-2" />
            <span className="md:sr-only">Copier le lien</span>
            <span className="sr-only"> de {fileName(entry)}</span>
          </Button>
          <DeleteAction entry={entry} />
        </div>
      ),
    },
  ];
}

/** 'Ajouter des images': several at once into the library, each with its progress. */
function AddImages() {
  const input = useRef<HTMLInputElement>(null);
  const batch = useBatchUpload();
  const revalidator = useRevalidator();
  const busy = batch.items.some((item) => item.status === "uploading" || item.status === "waiting");
  async function send(files: File[]) {
    if (files.length === 0) return;
    const result = await batch.run(files);
    if (result.skipped > 0) toast.error("Erreur", { description: galleryMessages.notImages(result.skipped) });
    if (result.uploaded.length > 0) {
      toast.success(result.uploaded.length > 1 ? galleryMessages.addedMany : galleryMessages.added);
      await revalidator.revalidate();
      batch.clear();
    } else if (result.failed.length > 0) toast.error("Erreur", { description: galleryMessages.noneUploaded });
  }
  return (
    <div className="flex flex-col items-end gap-3">
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Images à ajouter"
        onChange={(event) => {
          void send(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = "";
        }}
      />
      <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
        <Icon name="image-plus" />
        Ajouter des images
      </Button>
      <BatchUploadList items={batch.items} className="w-full max-w-md" />
    </div>
  );
}

export default function MediaScreen({ loaderData }: Route.ComponentProps) {
  const { query, media, viewer } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Médiathèque"
        description="Les images envoyées depuis le back-office. Une image utilisée par un contenu ne peut pas être supprimée."
        actions={<AddImages />}
      />
      <ListFilters>
        <SearchField
          label="Rechercher une image"
          placeholder="Nom du fichier ou texte alternatif"
          defaultValue={query.q}
        />
      </ListFilters>
      <DataTable
        caption="Médiathèque"
        rows={media.items}
        rowKey={(entry) => entry.id}
        columns={columnsFor(viewer)}
        empty={
          <EmptyState
            title="Aucune image dans la médiathèque"
            description="Les images envoyées depuis les formulaires ou ce bouton apparaissent ici."
          />
        }
        noMatch="Aucune image ne correspond à cette recherche."
        filtered={Boolean(query.q)}
      />
      <Pagination page={media} counted="image" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger la médiathèque." retryTo="/admin/media" />;
}
