import { useState } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { plural } from "~/lib/plural";

/**
 * Which rows of the page shown are chosen for a bulk action. `pageIds` are the rows that can be
 * chosen; a choice on another page (or a row gone after an action) no longer counts.
 */
export function useRowSelection(pageIds: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const chosen = pageIds.filter((id) => selected.has(id));
  return {
    chosen,
    isChosen: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    chooseAll: (on: boolean) => setSelected(on ? new Set(pageIds) : new Set()),
    clear: () => setSelected(new Set()),
    allState:
      chosen.length === 0 ? false : chosen.length === pageIds.length ? true : ("indeterminate" as const),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/** A row's checkbox; `label` names the row for screen readers ("Sélectionner « Titre »"). */
export function RowCheckbox({
  selection,
  id,
  label,
  className,
}: {
  selection: RowSelection;
  id: string;
  label: string;
  className?: string;
}) {
  return (
    <Checkbox
      className={className}
      checked={selection.isChosen(id)}
      onCheckedChange={(on) => selection.toggle(id, on === true)}
      aria-label={label}
    />
  );
}

/**
 * The bar above a DataTable with a selection: the page's "select all" (on cards: from 768px the
 * table's header has it), how many are chosen
 * (`chosenLabel`: 'sélectionnée' or 'sélectionné', for the noun's gender), and the bulk actions
 * (`children`, which post `chosen`).
 */
export function SelectionBar({
  selection,
  label,
  allLabel = "Tout sélectionner sur cette page",
  chosenLabel,
  children,
}: {
  selection: RowSelection;
  label: string;
  allLabel?: string;
  chosenLabel: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-col gap-3 rounded-lg border bg-card/60 p-3 sm:flex-row sm:items-center"
    >
      <label className="flex items-center gap-2 text-sm md:hidden">
        <Checkbox checked={selection.allState} onCheckedChange={(on) => selection.chooseAll(on === true)} />
        {allLabel}
      </label>
      <span className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
        {plural(selection.chosen.length, chosenLabel)}
      </span>
      {children}
    </div>
  );
}
