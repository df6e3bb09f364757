import { Link } from "react-router";
import { PendingButton, useIsPending } from "~/components/admin/pending-button";
import { Button } from "~/components/ui/button";

/**
 * The save button of the editor form `formId` (it may stand outside the form, in the header):
 * 'Enregistrement...' with a spinner while the save is on its way.
 */
export function SaveButton({ formId, label }: { formId: string; label: string }) {
  return (
    <PendingButton form={formId} pending={useIsPending("save")}>
      {label}
    </PendingButton>
  );
}

/**
 * The editor's bottom bar: 'Annuler' (back to `cancelTo`, nothing saved) and the save button,
 * after a `status` line (the autosave's).
 */
export function SaveBar({
  formId,
  label,
  cancelTo,
  status,
}: {
  formId: string;
  label: string;
  cancelTo: string;
  status?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
      {status}
      <Button asChild variant="outline">
        <Link to={cancelTo}>Annuler</Link>
      </Button>
      <SaveButton formId={formId} label={label} />
    </div>
  );
}
