import { History } from "lucide-react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { RESTORE_INTENT, type RevisionSummary } from "~/lib/admin/revisions";
import { formatDateTime } from "~/lib/format-date";

/**
 * 'Historique' of an article, project or CMS page: who saved it when, newest first, and a
 * 'Restaurer' button per older version. Restoring posts `intent=restore`, `revisionId` and the
 * `updatedAt` the editor was opened with to the route's action, which answers with
 * `restoreFromForm` (a restore is a save: refused over a newer one, and itself a new version).
 *
 *   <RevisionHistory revisions={revisions} updatedAt={values.updatedAt} />
 */
export function RevisionHistory({
  revisions,
  updatedAt,
}: {
  /** From `listRevisions(entityType, id)`, newest first: the first is the current version. */
  revisions: RevisionSummary[];
  updatedAt: string;
}) {
  return (
    // A new version (a save or a restore) closes the list: it shows the versions as they now are.
    <AdminDialog
      key={updatedAt}
      trigger={
        <Button type="button" variant="outline">
          <History aria-hidden />
          Historique
        </Button>
      }
      className="max-w-xl"
      title="Historique"
      description="Chaque enregistrement est conservé. Restaurer une version en crée une nouvelle : rien n'est perdu."
    >
      {revisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune version enregistrée.</p>
      ) : (
        <ol className="flex max-h-[60vh] flex-col divide-y overflow-y-auto rounded-md border">
          {revisions.map((revision, index) => (
            <li key={revision.id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="block font-medium">{formatDateTime(revision.createdAt)}</span>
                <span className="block truncate text-muted-foreground">
                  {/* No author: the content as it was before anyone saved it here (demo, import). */}
                  {revision.authorEmail ?? "Contenu d'origine"}
                  {index === 0 ? " · version actuelle" : ""}
                </span>
              </span>
              {index > 0 ? (
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="outline" size="sm">
                      Restaurer
                      <span className="sr-only"> la version du {formatDateTime(revision.createdAt)}</span>
                    </Button>
                  }
                  title="Restaurer cette version ?"
                  description={`Le contenu enregistré le ${formatDateTime(
                    revision.createdAt,
                  )} reprendra sa place. La version actuelle reste dans l'historique ; les modifications non enregistrées seront perdues.`}
                  intent={RESTORE_INTENT}
                  fields={{ revisionId: revision.id, updatedAt }}
                  confirmLabel="Restaurer"
                  pendingLabel="Restauration..."
                  destructive={false}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </AdminDialog>
  );
}
