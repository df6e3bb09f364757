import { useEffect, useState } from "react";
import { useBlocker } from "react-router";
import { AlertDialogCancel, AlertDialogFooter } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { AlertFrame } from "./alert-frame";

/** The form's values as posted, to compare with the loaded ones. */
export function serializeForm(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    params.append(name, typeof value === "string" ? value : value.name);
  return params.toString();
}

/**
 * Whether the form `formId` differs from what it showed when loaded. Follows `input` and `change`
 * events, which every control fires (Conform's `useInputControl` too). A new `formId` (give the
 * form an id containing the row's `updatedAt`) starts clean: that is how a successful save clears it.
 */
export function useDirtyForm(formId: string): boolean {
  // Kept with the form it was measured on, so a new form id reads as clean at once.
  const [state, setState] = useState({ formId, dirty: false });
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const loaded = serializeForm(form);
    const check = () => setState({ formId, dirty: serializeForm(form) !== loaded });
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
    };
  }, [formId]);
  return state.formId === formId && state.dirty;
}

/**
 * For an edit screen's form: while it has unsaved changes, leaving by a link, back/forward or
 * 'Annuler' asks 'Modifications non sauvegardées' ('Quitter sans sauvegarder' or stay), and
 * closing or reloading the tab asks the browser's own question. Saving (a submission to the same
 * page, then the action's redirect) is never blocked. Ctrl/Cmd+S submits the form.
 *
 *   <Form id={formId} method="post" ...>...</Form>
 *   <UnsavedChangesGuard formId={formId} />
 */
export function UnsavedChangesGuard({ formId }: { formId: string }) {
  const dirty = useDirtyForm(formId);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value to ask.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      event.preventDefault();
      form.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [formId]);

  return (
    <AlertFrame
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Modifications non sauvegardées"
      description="Vous avez des modifications qui n'ont pas été enregistrées. Si vous quittez cette page, elles seront perdues."
    >
      <AlertDialogFooter>
        <AlertDialogCancel>Continuer l'édition</AlertDialogCancel>
        <Button type="button" variant="destructive" onClick={() => blocker.proceed?.()}>
          Quitter sans sauvegarder
        </Button>
      </AlertDialogFooter>
    </AlertFrame>
  );
}
