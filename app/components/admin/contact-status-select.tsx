import { ChevronDown } from "lucide-react";
import { useFetcher } from "react-router";
import { badgeVariants } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { contactStatuses, contactStatusLabels, type ContactStatus } from "~/lib/enums";
import { statusVariants } from "./status-badge";

/**
 * A contact request's status, changed in place (back-office.md §2.15, §4): a select in the
 * status's colour that posts `intent=status` as soon as it changes (a button does it without
 * JavaScript). The action answers with the 'Statut mis à jour' toast.
 */
export function ContactStatusSelect({
  id,
  status,
  label,
}: {
  id: string;
  status: ContactStatus;
  /** The accessible name, e.g. "Statut de la demande de Jean Dupont". */
  label: string;
}) {
  const fetcher = useFetcher();
  // While the change is on its way, show the chosen status.
  const shown = (fetcher.formData?.get("status") as ContactStatus | null) ?? status;
  return (
    <fetcher.Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <div className="relative">
        <select
          name="status"
          aria-label={label}
          value={shown}
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
          className={cn(
            badgeVariants({ variant: statusVariants[shown] }),
            "h-8 cursor-pointer appearance-none pr-7 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          )}
        >
          {contactStatuses.map((value) => (
            <option key={value} value={value} className="bg-popover text-popover-foreground">
              {contactStatusLabels[value]}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-2 top-1/2 size-3.5 -translate-y-1/2"
          aria-hidden
        />
      </div>
      <noscript>
        <button type="submit" className="text-xs underline">
          OK
        </button>
      </noscript>
    </fetcher.Form>
  );
}
