import { useFetcher } from "react-router";
import { cn } from "~/lib/cn";
import { Icon } from "./icon";

/**
 * A select that posts `intent`, the row's `id` and its own `name=value` as soon as it changes (a
 * button does it without JavaScript), showing the chosen option while the change is on its way.
 * `selectClass` may depend on the option shown (a status's colour).
 */
export function InstantSelect({
  intent,
  id,
  name,
  label,
  value,
  options,
  selectClass,
  className,
  chevronClass,
}: {
  intent: string;
  id: string;
  name: string;
  /** The accessible name, e.g. "Statut de la demande de Jean Dupont". */
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  selectClass: string | ((shown: string) => string);
  className?: string;
  chevronClass?: string;
}) {
  const fetcher = useFetcher();
  const shown = (fetcher.formData?.get(name) as string | null) ?? value;
  return (
    <fetcher.Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <div className={cn("relative", className)}>
        <select
          name={name}
          aria-label={label}
          value={shown}
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
          // The options' colours once on the select, not on each option of every row.
          className={cn(
            "cursor-pointer appearance-none *:bg-popover *:text-popover-foreground",
            typeof selectClass === "function" ? selectClass(shown) : selectClass,
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon
          name="chevron-down"
          className={cn("pointer-events-none absolute top-1/2 -translate-y-1/2", chevronClass)}
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
