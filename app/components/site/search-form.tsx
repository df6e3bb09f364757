import { Icon } from "~/components/site/icon";
import { cn } from "~/lib/cn";
import { SEARCH_MAX_LENGTH, SEARCH_PATH, SEARCH_TEXT_PARAMETER } from "~/lib/site-search";

/**
 * The site search box (issue 38): a plain GET form to /recherche, which works without scripts. In
 * the header (compact), the phone menu, the search page and the 404 page (`large`).
 */
export function SearchForm({
  label = "Rechercher sur le site",
  defaultValue = "",
  large = false,
  className,
}: {
  /** The form's accessible name: each search landmark of a page has its own. */
  label?: string;
  defaultValue?: string;
  large?: boolean;
  className?: string;
}) {
  return (
    <form
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label={label}
      className={cn("search-form", large && "search-form-large", className)}
    >
      <input
        type="search"
        name={SEARCH_TEXT_PARAMETER}
        defaultValue={defaultValue}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Rechercher…"
        aria-label="Rechercher"
        enterKeyHint="search"
        required
      />
      <button type="submit" aria-label="Lancer la recherche">
        <Icon name="search" />
      </button>
    </form>
  );
}
