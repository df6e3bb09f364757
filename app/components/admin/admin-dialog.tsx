import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";

/**
 * The frame of every back-office dialog that is not a confirmation (`ConfirmDialog`) or a form
 * of the kit (`FormDialog`): its title and description, then `children`, then `footer` (or, for
 * a dialog that only shows something, a 'Fermer' button: `closeLabel`). Opened by `trigger`, or
 * controlled (`open`, `onOpenChange`), or open from the start (`defaultOpen`). A footer inside a
 * form of the body is the body's own `DialogFooter`.
 *
 *   <AdminDialog trigger={<Button>Voir</Button>} title="Message" description="…" closeLabel="Fermer">…</AdminDialog>
 */
export function AdminDialog({
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  title,
  titleClassName,
  description,
  className,
  footer,
  footerClassName,
  closeLabel,
  children,
}: {
  trigger?: React.ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  titleClassName?: string;
  description?: React.ReactNode;
  /** The content's size and layout (`max-w-3xl`...). */
  className?: string;
  footer?: React.ReactNode;
  footerClassName?: string;
  /** A read-only dialog's only button, closing it. */
  closeLabel?: string;
  children?: React.ReactNode;
}) {
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
        {footer || closeLabel ? (
          <DialogFooter className={footerClassName}>
            {footer}
            {closeLabel ? (
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {closeLabel}
                </Button>
              </DialogClose>
            ) : null}
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
