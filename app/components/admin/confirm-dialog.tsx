import { cloneElement, useEffect, useRef, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Icon } from "./icon";

/**
 * Runs `onDone` when a fetcher's submission comes back (a redirect, or an answer that is not a
 * refused form), so a dialog can close itself. Returns whether the submission is in flight.
 */
export function useFetcherDone(fetcher: ReturnType<typeof useFetcher>, onDone: () => void) {
  const started = useRef<{ data: unknown } | null>(null);
  useEffect(() => {
    if (fetcher.state === "submitting" && !started.current) started.current = { data: fetcher.data };
    if (fetcher.state !== "idle" || !started.current) return;
    const answer = fetcher.data as { result?: { status?: string } } | undefined;
    const refused = answer !== started.current.data && answer?.result?.status === "error";
    started.current = null;
    if (!refused) onDone();
  });
  return fetcher.state !== "idle";
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
  // Unset until the first click: a list has a trigger in every row, twice (table and card), and
  // each dialog's fetcher and Radix state cost as much to render as the rest of its row.
  const [shown, setShown] = useState<{ open: boolean; from: HTMLElement }>();
  const own = trigger.props as React.ButtonHTMLAttributes<HTMLElement>;
  return (
    <>
      {cloneElement(trigger as React.ReactElement<React.ButtonHTMLAttributes<HTMLElement>>, {
        type: "button",
        "aria-haspopup": "dialog",
        "aria-expanded": shown?.open === true,
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          own.onClick?.(event);
          if (!event.defaultPrevented) setShown({ open: true, from: event.currentTarget });
        },
      })}
      {shown ? (
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
  const pending = useFetcherDone(fetcher, () => setOpen(false));
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Back to the button that opened it, as Radix does for a trigger of its own.
          event.preventDefault();
          from.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" action={action}>
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
      </AlertDialogContent>
    </AlertDialog>
  );
}
