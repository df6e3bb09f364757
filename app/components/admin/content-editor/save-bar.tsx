import { Loader2 } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/** Whether the editor's save (intent "save") is on its way. */
function useSaving() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
}

/**
 * The save button of the editor form `formId` (it may stand outside the form, in the header):
 * 'Enregistrement...' with a spinner while the save is on its way.
 */
export function SaveButton({ formId, label }: { formId: string; label: string }) {
  const saving = useSaving();
  return (
    <Button type="submit" form={formId} disabled={saving}>
      {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {saving ? "Enregistrement..." : label}
    </Button>
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
