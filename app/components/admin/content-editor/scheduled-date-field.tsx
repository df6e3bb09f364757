import { TextField, type AnyField } from "~/components/admin/fields";
import { formatDateTime } from "~/lib/format-date";
import { fromParisInput } from "~/lib/paris-time";

/**
 * 'Date de publication planifiée' of a scheduled article or project (back-office.md §2.6, §2.10),
 * saying when it will go live once the date typed (`value`, Paris time) is complete.
 * `subject` starts the sentence: "L'article", "Le projet".
 */
export function ScheduledDateField({
  meta,
  value,
  subject,
}: {
  meta: AnyField;
  value: string;
  subject: string;
}) {
  const at = fromParisInput(value);
  return (
    <TextField
      meta={meta}
      type="datetime-local"
      label="Date de publication planifiée"
      description={
        at
          ? `${subject} sera publié automatiquement le ${formatDateTime(at)}.`
          : `${subject} sera publié automatiquement à cette date.`
      }
    />
  );
}
