import { useEffect, useRef } from "react";
import { Form, useNavigation, useSearchParams, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { cn } from "~/lib/cn";
import { Icon } from "./icon";

/**
 * A list's search box and filters: one GET form, so they live in the query string, work without
 * JavaScript (the 'Rechercher' button), survive reload and back. With JavaScript a filter applies
 * as soon as it changes and the search while typing (after a short pause). Changing either goes
 * back to page 1; the current sort, and any parameter named in `keep` (e.g. a tab), are kept.
 *
 *   <ListFilters>
 *     <SearchField label="Rechercher" placeholder="Titre ou slug" defaultValue={query.q} />
 *     <FilterSelect name="status" label="Statut" allLabel="Tous les statuts"
 *       options={[{ value: "published", label: "Publié" }]} value={query.filters.status} />
 *   </ListFilters>
 */
export function ListFilters({
  children,
  keep = [],
  className,
}: {
  children: React.ReactNode;
  keep?: string[];
  className?: string;
}) {
  const [searchParams] = useSearchParams();
  const kept = ["sort", "dir", ...keep].flatMap((name) =>
    searchParams.getAll(name).map((value) => ({ name, value })),
  );
  return (
    <Form
      method="get"
      role="search"
      className={cn("flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end", className)}
    >
      {kept.map(({ name, value }) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      {/* Without JavaScript, the way to apply; with it, filters apply by themselves. */}
      <noscript>
        <Button type="submit" variant="secondary">
          Rechercher
        </Button>
      </noscript>
    </Form>
  );
}

/** Submits the list form in place, empty parameters left out (replacing history while typing). */
function useListSubmit() {
  const submit = useSubmit();
  return (form: HTMLFormElement | null, replace: boolean) => {
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === "string" && value) params.append(name, value);
    void submit(params, {
      method: "get",
      action: form.getAttribute("action") ?? undefined,
      replace,
      preventScrollReset: true,
    });
  };
}

/** The search box (`q`). Keeps what is typed; follows the URL on back/forward. */
export function SearchField({
  label,
  placeholder,
  defaultValue,
  name = "q",
  className,
}: {
  label: string;
  placeholder?: string;
  defaultValue: string;
  name?: string;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submit = useListSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.search.includes(`${name}=`);

  // Back/forward changes the URL under an uncontrolled input: show the URL's search, unless the
  // person is typing in it.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = defaultValue;
  }, [defaultValue]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const id = `list-${name}`;
  return (
    <div className={cn("flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Icon
          name="search"
          className={cn(
            "pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground",
            searching && "animate-pulse",
          )}
        />
        <Input
          ref={input}
          id={id}
          type="search"
          name={name}
          defaultValue={defaultValue}
          placeholder={placeholder}
          autoComplete="off"
          className="pl-9"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, true), 350);
          }}
          // Enter submits the form at once: the pending search would submit it again 350 ms
          // later and cut short whatever the person did meanwhile (a row's 'Restaurer').
          onKeyDown={(event) => {
            if (event.key === "Enter") clearTimeout(timer.current);
          }}
        />
      </div>
    </div>
  );
}

/** A filter select: "all" (`allLabel`, no parameter) or one of `options`. */
export function FilterSelect({
  name,
  label,
  allLabel,
  options,
  value,
  className,
}: {
  name: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  /** The filter's current value (from the parsed query), undefined for "all". */
  value: string | undefined;
  className?: string;
}) {
  const submit = useListSubmit();
  const id = `list-${name}`;
  return (
    <div className={cn("flex flex-col gap-1.5 sm:w-56", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        // Remounted when the URL changes, so back/forward shows the URL's choice.
        key={value ?? ""}
        id={id}
        name={name}
        defaultValue={value ?? ""}
        onChange={(event) => submit(event.currentTarget.form, false)}
      >
        <NativeSelectOption value="">{allLabel}</NativeSelectOption>
        {options.map((option) => (
          <NativeSelectOption key={option.value} value={option.value}>
            {option.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A day filter (`from`, `to`...): YYYY-MM-DD in the URL, applied as soon as a whole date is chosen. */
export function FilterDate({
  name,
  label,
  value,
  className,
}: {
  name: string;
  label: string;
  /** The filter's current value (from the parsed query), undefined for none. */
  value: string | undefined;
  className?: string;
}) {
  const submit = useListSubmit();
  const id = `list-${name}`;
  return (
    <div className={cn("flex flex-col gap-1.5 sm:w-44", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        // Remounted when the URL changes, so back/forward shows the URL's day.
        key={value ?? ""}
        id={id}
        type="date"
        name={name}
        defaultValue={value ?? ""}
        onChange={(event) => submit(event.currentTarget.form, false)}
      />
    </div>
  );
}
