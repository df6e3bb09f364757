import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { PreviewFrame } from "~/components/admin/preview-frame";
import { AlertFrame } from "~/components/admin/alert-frame";
import { AlertDialogAction, AlertDialogFooter } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";

/** The submit checks of a content form (back-office.md §5), listed until the person goes back to fix them. */
export function ValidationChecksDialog({ checks, onClose }: { checks: string[]; onClose: () => void }) {
  return (
    <AlertFrame
      open={checks.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title="Validation échouée"
      description="Veuillez corriger les erreurs avant de soumettre :"
    >
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {checks.map((check) => (
          <li key={check}>{check}</li>
        ))}
      </ul>
      <AlertDialogFooter>
        <AlertDialogAction onClick={onClose}>Corriger</AlertDialogAction>
      </AlertDialogFooter>
    </AlertFrame>
  );
}

/** 'Aperçu': the public page of `path` (a preview route) from the form's unsaved values, in a device frame. */
export function PreviewDialog<Data>({
  title,
  path,
  data,
  notice,
}: {
  title: string;
  path: string;
  data: Data;
  notice?: ReactNode;
}) {
  return (
    <AdminDialog
      trigger={
        <Button type="button" variant="outline">
          <Eye aria-hidden />
          Aperçu
        </Button>
      }
      className="flex h-[calc(100dvh-2rem)] max-w-[min(96vw,80rem)] flex-col"
      title={title}
      description="Les modifications non enregistrées apparaissent au fil de la saisie."
    >
      {notice}
      <PreviewFrame title={title} src={`${path}?embed=1`} newTabUrl={path} data={data} className="flex-1" />
    </AdminDialog>
  );
}
