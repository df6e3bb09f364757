import { cloneElement, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, type FetcherWithComponents } from "react-router";
import { AlertDialogCancel, AlertDialogFooter } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { AlertFrame } from "./alert-frame";
import { Icon } from "./icon";

/**
 * Runs `onDone` when the answer to a submission of `fetcher` has come back (a redirect, or an
 * answer that is not a refused form), so a dialog can close itself; `onSubmit` goes on the form.
 * The answer is known by what it changes, the fetcher's data or the location (a redirect), not by
 * a "submitting" render having been seen: on a busy machine a transition can skip it. Returns also
 * whether the submission is in flight.
 */
export function useFetcherDone(fetcher: ReturnType<typeof useFetcher>, onDone: () => void) {
  const location = useLocation();
  const sent = useRef<{ data: unknown; location: string } | null>(null);
  useEffect(() => {
    const before = sent.current;
    if (!before || fetcher.state !== "idle") return;
    const answered = fetcher.data !== before.data;
    if (!answered && location.key === before.location) return;
    sent.current = null;
    const answer = fetcher.data as { result?: { status?: string } } | undefined;
    if (!answered || answer?.result?.status !== "error") onDone();
  });
  return {
    pending: fetcher.state !== "idle",
    onSubmit(event: React.FormEvent) {
      if (!event.defaultPrevented) sent.current = { data: fetcher.data, location: location.key };
    },
  };
}

/**
 * The confirmation before a destructive action: an `alertdialog` (focus trapped, Escape or
 * 'Annuler' cancels) whose confirm button posts `intent` and `fields` to the route's action (or
 * `action`). It closes when the action answers; the action redirects with a toast.
 *
 *   <ConfirmDialog
 *     trigger={<Button variant="ghost" size="icon"><Trash2 /><span className="sr-only">Supprimer</span></Button>}
 *     title="Confirmer la suppression"
 *     description="Êtes-vous sûr de vouloir supprimer cet article ? Cette action ne peut pas être annulée."
 *     intent="delete" fields={{ id: article.id }} />
 */
export function ConfirmDialog({ trigger, ...dialog }: { trigger: React.ReactElement } & DialogProps) {
  // Unset until the first click: a list has a trigger in every row, and
  // each dialog's fetcher and Radix state cost as much to render as the rest of its row.
  const [shown, setShown] = useState<{ open: boolean; from: HTMLElement; intent: string }>();
  // Keyed by its action: where a row's 'Suspendre' becomes 'Réactiver' as the answer comes, the
  // dialog opened for the one never shows (open) for the other; the button stays, and the focus.
  if (shown && shown.intent !== dialog.intent) setShown(undefined);
  const own = trigger.props as React.ButtonHTMLAttributes<HTMLElement>;
  return (
    <>
      {cloneElement(trigger as React.ReactElement<React.ButtonHTMLAttributes<HTMLElement>>, {
        type: "button",
        "aria-haspopup": "dialog",
        "aria-expanded": shown?.open === true,
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          own.onClick?.(event);
          if (!event.defaultPrevented)
            setShown({ open: true, from: event.currentTarget, intent: dialog.intent });
        },
      })}
      {shown?.intent === dialog.intent ? (
        <OpenedConfirmDialog
          {...dialog}
          open={shown.open}
          setOpen={(open) => setShown({ ...shown, open })}
          from={shown.from}
        />
      ) : null}
    </>
  );
}

type DialogProps = {
  title: React.ReactNode;
  description: React.ReactNode;
  intent: string;
  fields?: Record<string, string>;
  action?: string;
  confirmLabel?: string;
  pendingLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /**
   * The caller's fetcher, for an action that answers with data instead of redirecting: the caller
   * shows the answer, since the dialog may be gone by then (with the row of the item it deleted).
   */
  fetcher?: FetcherWithComponents<unknown>;
};

function OpenedConfirmDialog({
  title,
  description,
  intent,
  fields = {},
  action,
  confirmLabel = "Supprimer",
  pendingLabel = "Suppression...",
  cancelLabel = "Annuler",
  destructive = true,
  fetcher: shared,
  open,
  setOpen,
  from,
}: DialogProps & {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The button that opened it. */
  from: HTMLElement;
}) {
  const own = useFetcher();
  const fetcher = shared ?? own;
  const { pending, onSubmit } = useFetcherDone(fetcher, () => setOpen(false));
  return (
    <AlertFrame
      open={open}
      onOpenChange={(next) => !pending && setOpen(next)}
      onCloseAutoFocus={(event) => {
        // Back to the button that opened it, as Radix does for a trigger of its own.
        event.preventDefault();
        from.focus();
      }}
      title={title}
      description={description}
    >
      <fetcher.Form method="post" action={action} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
            {pending ? <Icon name="loader-circle" className="animate-spin" /> : null}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </fetcher.Form>
    </AlertFrame>
  );
}
