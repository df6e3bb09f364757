import { badgeVariants } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { contactStatuses, contactStatusLabels, type ContactStatus } from "~/lib/enums";
import { InstantSelect } from "../instant-select";
import { statusVariants } from "../status-badge";

const options = contactStatuses.map((value) => ({ value, label: contactStatusLabels[value] }));

/**
 * A contact request's status, changed in place (back-office.md §2.15, §4): a select in the
 * status's colour that posts `intent=status` as soon as it changes. The action answers with the
 * 'Statut mis à jour' toast.
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
  return (
    <InstantSelect
      intent="status"
      id={id}
      name="status"
      label={label}
      value={status}
      options={options}
      selectClass={(shown) =>
        cn(
          badgeVariants({ variant: statusVariants[shown as ContactStatus] }),
          "h-8 pr-7 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        )
      }
      chevronClass="right-2 size-3.5"
    />
  );
}
